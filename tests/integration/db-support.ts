import crypto from 'node:crypto';
import type { Queryable } from '../../src/backend/db/types.js';
import type { TestBackend } from '../helpers/backend.js';

/** Who a statement runs as: the role and JWT claims PostgREST would set for a request. */
export interface Caller {
  label: string;
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
}

export const anon: Caller = { label: 'anon', role: 'anon', claims: { role: 'anon' } };
export const service: Caller = { label: 'service', role: 'service_role', claims: { role: 'service_role' } };

export function customer(
  label: string,
  email: string,
  sub: string = crypto.randomUUID(),
): Caller & { sub: string; email: string } {
  return {
    label,
    role: 'authenticated',
    sub,
    email,
    claims: { role: 'authenticated', sub, email, app_metadata: { provider: 'email' } },
  };
}

export function admin(sub: string = crypto.randomUUID()): Caller & { sub: string } {
  return {
    label: 'admin',
    role: 'authenticated',
    sub,
    claims: { role: 'authenticated', sub, email: 'gerant@churrasqueira.lu', app_metadata: { role: 'admin' } },
  };
}

/** Runs `fn` in one transaction as `who`, exactly as PostgREST sets up a request. */
export async function as<T>(b: TestBackend, who: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return b.db.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      who.role,
      JSON.stringify(who.claims),
    ]);
    return fn(tx);
  });
}

/** Creates the auth.users row a signed-up customer has (confirmed or not). */
export async function signUp(b: TestBackend, who: { sub: string; email: string }, confirmed = true): Promise<void> {
  await b.db.query(
    `insert into auth.users (id, email, email_confirmed_at) values ($1, $2, case when $3 then now() end)`,
    [who.sub, who.email, confirmed],
  );
}

/** The SQLSTATE and texts of a failed statement, or null when it succeeded. */
export async function failure(
  p: Promise<unknown>,
): Promise<{ code?: string; message: string; detail?: string; hint?: string } | null> {
  try {
    await p;
    return null;
  } catch (e) {
    const err = e as { code?: string; message: string; detail?: string; hint?: string };
    return { code: err.code, message: err.message, detail: err.detail, hint: err.hint };
  }
}

/** A row or RPC result whose shape the test itself asserts. */
export type AnyRow = Record<string, any>;
