import { getSupabase } from './client.js';

/** Calls an Edge Function; its `{error}` answer or HTTP failure becomes an Error with the function's message. */
export async function invokeFunction<T = unknown>(name: string, body?: Record<string, unknown>): Promise<T> {
  const { data, error } = await getSupabase().functions.invoke(name, body ? { body } : {});
  if (error) {
    let message = error.message;
    const context = (error as { context?: Response }).context;
    if (context && typeof context.json === 'function') {
      const payload = (await context.json().catch(() => null)) as { error?: string; message?: string } | null;
      message = payload?.error ?? payload?.message ?? message;
    }
    throw new Error(message);
  }
  const payload = data as { error?: string } | null;
  if (payload && typeof payload === 'object' && typeof payload.error === 'string') throw new Error(payload.error);
  return data as T;
}
