import { getSupabase } from './client.js';

/** Calls an Edge Function; its `{error}` answer or HTTP failure becomes an Error with the function's message. */
/** A function's refusal: its message, and the code a screen names it by in its own language (when it gave one). */
export class FunctionRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'FunctionRefusal';
  }
}

export async function invokeFunction<T = unknown>(name: string, body?: Record<string, unknown>): Promise<T> {
  const { data, error } = await getSupabase().functions.invoke(name, body ? { body } : {});
  if (error) {
    let message = error.message;
    let code: string | null = null;
    const context = (error as { context?: Response }).context;
    if (context && typeof context.json === 'function') {
      const payload = (await context.json().catch(() => null)) as {
        error?: string;
        message?: string;
        code?: unknown;
      } | null;
      message = payload?.error ?? payload?.message ?? message;
      if (typeof payload?.code === 'string') code = payload.code;
    }
    throw new FunctionRefusal(message, code);
  }
  const payload = data as { error?: string } | null;
  if (payload && typeof payload === 'object' && typeof payload.error === 'string') throw new Error(payload.error);
  return data as T;
}
