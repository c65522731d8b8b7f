import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import { CORS_HEADERS, sendJson } from '../http.js';
import { checkEmail } from './email-address.js';
import { badRequest, internal, notFound } from './errors.js';
import { factorJson, FACTOR_COLUMNS, userFactors, type FactorRow } from './mfa-factors.js';
import { checkPassword, hashPassword } from './passwords.js';
import { readJson } from './request.js';
import { requireAdmin } from './sessions.js';
import { emailTaken } from './user.js';
import {
  DEFAULT_APP_METADATA,
  findUserById,
  insertUser,
  mergeMetadata,
  USER_COLUMNS,
  userJson,
  UUID_RE,
  type UserRow,
} from './users.js';

const Metadata = z.record(z.string(), z.unknown()).nullish();

const AdminUserBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  user_metadata: Metadata,
  app_metadata: Metadata,
  ban_duration: z.string().nullish(),
});

const DeleteBody = z.object({ should_soft_delete: z.boolean().nullish() });

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Go's duration syntax ("24h", "1h30m", "876000h"), which is what ban_duration takes. */
function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== duration)
    throw badRequest('validation_failed', 'invalid format for ban duration');
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * DURATION_UNITS[p[2]], 0);
  return new Date(Date.now() + ms);
}

async function userOr404(ctx: BackendContext, id: string): Promise<UserRow> {
  if (!UUID_RE.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

async function listUsers(ctx: BackendContext, res: ServerResponse, url: URL): Promise<void> {
  // GoTrue's pagination check: page and per_page, when given, are whole numbers (page from 1).
  const pageParam = url.searchParams.get('page');
  const perPageParam = url.searchParams.get('per_page');
  if ((pageParam && !/^[1-9]\d{0,8}$/.test(pageParam)) || (perPageParam && !/^\d{1,9}$/.test(perPageParam)))
    throw badRequest('validation_failed', 'Bad Pagination Parameters');
  const page = Math.max(1, Math.floor(Number(pageParam || 1)) || 1);
  const perPage = Math.min(1000, Math.max(1, Math.floor(Number(perPageParam || 50)) || 50));
  const total = Number(
    (await ctx.db.query<{ n: string }>(`select count(*) as n from auth.users where deleted_at is null`)).rows[0].n,
  );
  const rows = await ctx.db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  sendJson(
    res,
    200,
    { users: rows.rows.map(userJson), aud: 'authenticated' },
    pageHeaders('/admin/users', page, perPage, total),
  );
}

/** GoTrue's paging headers of an admin list: the total, and `Link`s to the next and the last page. */
export function pageHeaders(base: string, page: number, perPage: number, total: number): Record<string, string> {
  const last = Math.max(1, Math.ceil(total / perPage));
  const links = [];
  if (page < last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
  return {
    'X-Total-Count': String(total),
    Link: links.join(', '),
    'Access-Control-Expose-Headers': `${CORS_HEADERS['Access-Control-Expose-Headers']}, X-Total-Count, Link`,
  };
}

async function createUser(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, ctx, AdminUserBody);
  if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = checkEmail(body.email);
  if (body.password != null) checkPassword(body.password);
  const banned = body.ban_duration ? banUntil(body.ban_duration) : null;
  const id = crypto.randomUUID();
  const passwordHash = body.password != null ? await hashPassword(body.password) : null;
  await ctx.db.transaction(async (tx) => {
    await insertUser(
      tx,
      {
        id,
        email,
        passwordHash,
        userMetadata: body.user_metadata ?? {},
        appMetadata: mergeMetadata(DEFAULT_APP_METADATA, body.app_metadata ?? {}),
        confirmed: body.email_confirm === true,
      },
      emailTaken,
    );
    if (banned) await tx.query(`update auth.users set banned_until = $2 where id = $1`, [id, banned]);
  });
  sendJson(res, 200, userJson((await findUserById(ctx.db, id))!));
}

async function updateUser(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const user = await userOr404(ctx, id);
  const body = await readJson(req, ctx, AdminUserBody);
  if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = body.email != null ? checkEmail(body.email) : null;
  if (body.password != null) checkPassword(body.password);
  const passwordHash = body.password != null ? await hashPassword(body.password) : null;
  const banned = body.ban_duration ? banUntil(body.ban_duration) : undefined;
  await ctx.db.transaction(async (tx) => {
    if (email && email !== user.email) {
      const taken = await tx.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [email, id]);
      if (taken.rows.length) throw emailTaken();
      await tx.query(`update auth.users set email = $2 where id = $1`, [id, email]);
    }
    if (passwordHash) await tx.query(`update auth.users set encrypted_password = $2 where id = $1`, [id, passwordHash]);
    if (body.email_confirm === true)
      await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [
        id,
      ]);
    if (body.user_metadata) {
      await tx.query(`update auth.users set raw_user_meta_data = $2 where id = $1`, [
        id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, body.user_metadata)),
      ]);
    }
    if (body.app_metadata) {
      await tx.query(`update auth.users set raw_app_meta_data = $2 where id = $1`, [
        id,
        JSON.stringify(mergeMetadata(user.raw_app_meta_data, body.app_metadata)),
      ]);
    }
    if (banned !== undefined) {
      await tx.query(`update auth.users set banned_until = $2 where id = $1`, [id, banned]);
      // A banned user's sessions end now, not when their access token expires.
      if (banned) await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
    }
    await tx.query(`update auth.users set updated_at = now() where id = $1`, [id]);
  });
  sendJson(res, 200, userJson((await findUserById(ctx.db, id))!));
}

async function deleteUser(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  await userOr404(ctx, id);
  const body = await readJson(req, ctx, DeleteBody);
  try {
    if (body.should_soft_delete) {
      await ctx.db.transaction(async (tx) => {
        await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
        await tx.query(
          `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = null,
                  raw_user_meta_data = '{}', updated_at = now() where id = $1`,
          [id],
        );
      });
    } else {
      await ctx.db.query(`delete from auth.users where id = $1`, [id]);
    }
  } catch (e) {
    // Rows elsewhere (an order, say) still point at the user.
    if ((e as { code?: string }).code === '23503') throw internal('Database error deleting user');
    throw e;
  }
  sendJson(res, 200, {});
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** GET /admin/users/<id>/factors (`auth.admin.mfa.listFactors`): the user's factors, never their secrets. */
async function listUserFactors(ctx: BackendContext, res: ServerResponse, id: string): Promise<void> {
  const user = await userOr404(ctx, id);
  sendJson(res, 200, await userFactors(ctx.db, user.id));
}

/**
 * DELETE /admin/users/<id>/factors/<factor id> (`auth.admin.mfa.deleteFactor`): the owner lost the phone and
 * the restaurant removes the factor; the sessions it raised go back to aal1 (as the owner's own removal does).
 * Answers the removed factor, as GoTrue.
 */
async function deleteUserFactor(ctx: BackendContext, res: ServerResponse, id: string, factorId: string): Promise<void> {
  const user = await userOr404(ctx, id);
  if (!UUID_RE.test(factorId)) throw notFound('mfa_factor_not_found', 'Factor not found');
  const removed = await ctx.db.transaction(async (tx) => {
    const r = await tx.query<FactorRow>(
      `delete from auth.mfa_factors where id = $1 and user_id = $2 returning ${FACTOR_COLUMNS}`,
      [factorId, user.id],
    );
    if (r.rows[0])
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factorId]);
    return r.rows[0] ?? null;
  });
  if (!removed) throw notFound('mfa_factor_not_found', 'Factor not found');
  sendJson(res, 200, factorJson(removed));
}

/** /admin/users[/<id>[/factors[/<factor id>]]], for the service role only. */
export async function admin(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<boolean> {
  const m = /^\/admin\/users(?:\/([^/]+)(\/factors(?:\/([^/]+))?)?)?\/?$/.exec(path);
  if (!m) return false;
  await requireAdmin(ctx, req);
  const id = m[1] ? safeDecode(m[1]) : null;
  const method = req.method ?? 'GET';
  if (id && m[2]) {
    const factorId = m[3] ? safeDecode(m[3]) : null;
    if (!factorId && method === 'GET') await listUserFactors(ctx, res, id);
    else if (factorId && method === 'DELETE') await deleteUserFactor(ctx, res, id, factorId);
    else return false;
    return true;
  }
  if (!id && method === 'GET') await listUsers(ctx, res, url);
  else if (!id && method === 'POST') await createUser(ctx, req, res);
  else if (id && method === 'GET') sendJson(res, 200, userJson(await userOr404(ctx, id)));
  else if (id && method === 'PUT') await updateUser(ctx, req, res, id);
  else if (id && method === 'DELETE') await deleteUser(ctx, req, res, id);
  else return false;
  return true;
}
