import { useState } from 'react';
import { toast } from './toast-store.js';

/**
 * A button's action that takes a while (a print, a save to the kiosk): which one is running, and its outcome
 * as a toast, the success title or the failure's title with the error's message. `onError` sees the error
 * first (to keep it on screen as well).
 */
export function useToastedTask<K extends string>() {
  const [busy, setBusy] = useState<K | null>(null);
  async function run(
    key: K,
    task: () => Promise<unknown>,
    words: { done: string; failed: string },
    onError?: (e: Error) => void,
  ): Promise<void> {
    setBusy(key);
    try {
      await task();
      toast.success(words.done);
    } catch (e) {
      onError?.(e as Error);
      toast.error(words.failed, (e as Error).message);
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
