import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';
import type { AuthError } from './errors.js';

/** The auth.users columns the API reads; never the password hash. */
export const USER_COLUMNS = `id, aud, role, email, email_confirmed_at, phone, phone_confirmed_at, confirmed_at,
  confirmation_sent_at, recovery_sent_at, invited_at, email_change, email_change_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, deleted_at, is_anonymous,
  (banned_until is not null and banned_until > now()) as banned`;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  email_confirmed_at: Date | string | null;
  phone: string | null;
  phone_confirmed_at: Date | string | null;
  confirmed_at: Date | string | null;
  confirmation_sent_at: Date | string | null;
  recovery_sent_at: Date | string | null;
  invited_at: Date | string | null;
  email_change: string | null;
  email_change_sent_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
  banned_until: Date | string | null;
  deleted_at: Date | string | null;
  is_anonymous: boolean;
  banned: boolean;
}

export const DEFAULT_APP_METADATA = { provider: 'email', providers: ['email'] };

function iso(v: Date | string | null): string | undefined {
  return v === null ? undefined : new Date(v).toISOString();
}

/** The one e-mail identity every user here has (no external providers), id derived from the user's. */
function emailIdentity(u: UserRow) {
  const h = crypto.createHash('sha256').update(`email-identity:${u.id}`).digest('hex');
  const identityId = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  return {
    identity_id: identityId,
    id: u.id,
    user_id: u.id,
    identity_data: {
      email: u.email ?? '',
      email_verified: u.email_confirmed_at !== null,
      phone_verified: false,
      sub: u.id,
    },
    provider: 'email',
    last_sign_in_at: iso(u.last_sign_in_at),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    email: u.email ?? '',
  };
}

/** The phone identity of a user with a number (GoTrue's `phone` provider), id derived from the user's. */
function phoneIdentity(u: UserRow) {
  const h = crypto.createHash('sha256').update(`phone-identity:${u.id}`).digest('hex');
  const identityId = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  return {
    identity_id: identityId,
    id: u.id,
    user_id: u.id,
    identity_data: {
      email_verified: false,
      phone: u.phone ?? '',
      phone_verified: u.phone_confirmed_at !== null,
      sub: u.id,
    },
    provider: 'phone',
    last_sign_in_at: iso(u.last_sign_in_at),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
  };
}

/** The user object exactly as GoTrue serialises it (timestamps left out when null). */
export function userJson(u: UserRow) {
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    invited_at: iso(u.invited_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change ? iso(u.email_change_sent_at) : undefined,
    confirmed_at: iso(u.confirmed_at ?? u.email_confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [...(u.email ? [emailIdentity(u)] : []), ...(u.phone ? [phoneIdentity(u)] : [])],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned && u.banned_until ? u.banned_until : null),
    is_anonymous: u.is_anonymous,
  };
}

export type UserJson = ReturnType<typeof userJson>;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [
    id,
  ]);
  return r.rows[0] ?? null;
}

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<(UserRow & { encrypted_password: string | null }) | null> {
  const r = await db.query<UserRow & { encrypted_password: string | null }>(
    `select ${USER_COLUMNS}, encrypted_password from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return r.rows[0] ?? null;
}

/** The account of a number (stored as E.164 digits without '+', as GoTrue stores it). */
export async function findUserByPhone(
  db: Queryable,
  phone: string,
): Promise<(UserRow & { encrypted_password: string | null }) | null> {
  const r = await db.query<UserRow & { encrypted_password: string | null }>(
    `select ${USER_COLUMNS}, encrypted_password from auth.users where phone = $1 and deleted_at is null`,
    [phone],
  );
  return r.rows[0] ?? null;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue's metadata update: keys are merged, a null value removes the key. */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
}

/** Inserts a user; two requests racing for one address are settled by the unique index. */
export async function insertUser(tx: Queryable, u: NewUser, duplicate: () => AuthError): Promise<void> {
  try {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, case when $4 then now() end, $5, $6)`,
      [
        u.id,
        u.email,
        u.passwordHash,
        u.confirmed,
        JSON.stringify(u.appMetadata ?? DEFAULT_APP_METADATA),
        JSON.stringify(u.userMetadata),
      ],
    );
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw duplicate();
    throw e;
  }
}

/**
 * Whether an unconfirmed account (an address or a number) has had a sign-up with another password: its next codes
 * and links then confirm no password.
 */
export async function contestedSignup(db: Queryable, userId: string): Promise<boolean> {
  const r = await db.query(
    `select 1 from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation' and not keeps_password
        and expires_at > now() limit 1`,
    [userId],
  );
  return r.rows.length > 0;
}

/** A stand-in answer for an address or number already registered, so a sign-up does not reveal who has an account. */
export function obfuscatedUser(
  who: { email: string; phone: string },
  appMetadata: Record<string, unknown>,
  data: Record<string, unknown>,
) {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email: who.email,
    phone: who.phone,
    confirmation_sent_at: now,
    app_metadata: appMetadata,
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
