import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendContext } from '../context.js';
import { sendJson } from '../http.js';
import { badRequest } from './errors.js';
import { requireUser } from './sessions.js';

/** POST /logout?scope=global|local|others: ends sessions; their refresh tokens go with them. */
export async function logout(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const { user, sessionId } = await requireUser(ctx, req);
  if (scope === 'global' || !sessionId) {
    await ctx.db.query(`delete from auth.sessions where user_id = $1`, [user.id]);
  } else if (scope === 'local') {
    await ctx.db.query(`delete from auth.sessions where id = $1`, [sessionId]);
  } else {
    await ctx.db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [user.id, sessionId]);
  }
  sendJson(res, 204, undefined);
}
