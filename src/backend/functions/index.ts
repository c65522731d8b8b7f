import type { BackendContext } from '../context.js';
import { sendJson, type RouteHandler } from '../http.js';

export function createFunctionsHandler(_ctx: BackendContext): RouteHandler {
  return async (_req, res) => sendJson(res, 404, { error: 'Functions not built yet' });
}
