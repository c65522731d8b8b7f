import type { BackendContext } from '../context.js';
import { sendJson, type RouteHandler } from '../http.js';

export function createAuthHandler(_ctx: BackendContext): RouteHandler {
  return async (_req, res) => sendJson(res, 404, { code: 404, error_code: 'not_found', msg: 'Auth not built yet' });
}
