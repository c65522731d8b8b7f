import type { Server } from 'node:http';
import type { BackendContext } from '../context.js';

export function attachRealtime(_ctx: BackendContext, _server: Server): { close(): Promise<void> } {
  return { close: async () => {} };
}
