import type { Queryable } from '../db/index.js';
import type { RegisteredCredential } from './webauthn-verify.js';

/** What a WebAuthn factor keeps of its key: the registration's result, the relying party and the user handle. */
export type StoredCredential = RegisteredCredential & { rp_id: string; user_handle: string };

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string | null;
  last_used_step: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_challenged_at: Date | string | null;
  /** A WebAuthn factor's security key, once registered (webauthn.ts); never listed. */
  web_authn_credential: StoredCredential | null;
}

const iso = (v: Date | string | null) => (v === null ? undefined : new Date(v).toISOString());

/** A factor as GoTrue lists it on the user (never its secret). */
export function factorJson(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    last_challenged_at: iso(f.last_challenged_at),
  };
}

export const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type, status, secret, last_used_step::text, created_at, updated_at, last_challenged_at, web_authn_credential`;

export type FactorJson = ReturnType<typeof factorJson>;

/** The user's factors, oldest first, for `GET /user` (GoTrue leaves `factors` out when there are none). */
export async function userFactors(db: Queryable, userId: string) {
  const r = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return r.rows.map(factorJson);
}
