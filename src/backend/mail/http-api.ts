import { MailError } from './types.js';

/** Too many requests, timeouts and server errors may succeed later; other 4xx will not. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Calls a provider's HTTP API; every failure becomes a MailError naming the provider and the cause. */
export async function callProviderApi(
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const why =
      err.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (err.cause?.code ?? err.cause?.message ?? err.message);
    throw new MailError(`${provider}: cannot reach ${new URL(url).origin} (${why})`, provider, true);
  }
  const text = await res.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { message: text.slice(0, 200) };
  }
  if (!res.ok) {
    const detail = String(body.message ?? body.error ?? res.statusText);
    const code = body.code !== undefined ? ` [code ${String(body.code)}]` : '';
    throw new MailError(
      `${provider} refused the message: HTTP ${res.status} ${detail}${code}`,
      provider,
      retryableStatus(res.status),
    );
  }
  return body;
}
