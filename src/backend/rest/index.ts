import type { BackendContext } from '../context.js';
import { sendJson, type RouteHandler } from '../http.js';

export function createRestHandler(_ctx: BackendContext): RouteHandler {
  return async (_req, res) => sendJson(res, 404, { code: 'PGRST000', message: 'REST not built yet', details: null, hint: null });
}
