import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { BackendContext } from '../context.js';
import { CORS_HEADERS, sendJson } from '../http.js';
import { pageHeaders } from './admin.js';
import { badRequest, notFound } from './errors.js';
import { newSecret, sha256 } from './oauth-common.js';
import { readJson } from './request.js';
import { UUID_RE } from './users.js';

/*
 * GoTrue's admin API for OAuth clients (`auth.admin.oauth.*`), service role only (oauth.ts checks it): register,
 * list, read, change, remove a client, and give a confidential client a new secret. A secret is shown once, in the
 * answer that made it; only its SHA-256 is kept.
 */

export type ClientType = 'public' | 'confidential';
export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';
const AUTH_METHODS: TokenEndpointAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];

export interface ClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  client_type: ClientType;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  redirect_uris: string[];
  grant_types: string[];
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
}

export const CLIENT_COLUMNS = `id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method,
  redirect_uris, grant_types, client_name, client_uri, logo_uri, created_at, updated_at`;

/** GoTrue's answer for a client (empty fields left out, as Go's omitempty does); the secret only when just made. */
function clientJson(c: ClientRow, secret?: string): Record<string, unknown> {
  return {
    client_id: c.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: c.client_type,
    redirect_uris: c.redirect_uris,
    token_endpoint_auth_method: c.token_endpoint_auth_method,
    grant_types: c.grant_types,
    response_types: ['code'],
    ...(c.client_name ? { client_name: c.client_name } : {}),
    ...(c.client_uri ? { client_uri: c.client_uri } : {}),
    ...(c.logo_uri ? { logo_uri: c.logo_uri } : {}),
    registration_type: c.registration_type,
    created_at: new Date(c.created_at).toISOString(),
    updated_at: new Date(c.updated_at).toISOString(),
  };
}

const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2048;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a customer may be sent back with a code: https, or http on this machine's loopback (a developer's
 * client), nothing else (GoTrue also takes custom schemes of native apps; the restaurant has none), no user
 * name or password, no fragment. The authorize request must then name one of them exactly.
 */
function redirectUriProblem(uri: string): string | null {
  if (!uri) return 'redirect URI cannot be empty';
  if (uri.length > MAX_URI_LENGTH) return `cannot exceed ${MAX_URI_LENGTH} characters`;
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return 'invalid URL format';
  }
  if (u.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(u.hostname)) return 'HTTP scheme only allowed for localhost';
  } else if (u.protocol !== 'https:') return `scheme '${u.protocol.replace(/:$/, '')}' is not allowed`;
  if (!u.hostname) return 'must have scheme and host';
  if (u.username || u.password) return 'user information not allowed in redirect URI';
  if (u.hash || uri.includes('#')) return 'fragment not allowed in redirect URI';
  return null;
}

function checkRedirectUris(uris: string[] | null | undefined, required: boolean): void {
  if (required && !uris?.length) throw badRequest('validation_failed', 'redirect_uris is required');
  if (!uris?.length) throw badRequest('validation_failed', 'redirect_uris cannot be empty');
  if (uris.length > MAX_REDIRECT_URIS)
    throw badRequest('validation_failed', `redirect_uris cannot exceed ${MAX_REDIRECT_URIS} items`);
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw badRequest('validation_failed', `invalid redirect_uri '${uri.slice(0, 200)}': ${problem}`);
  }
}

function checkGrantTypes(grantTypes: string[]): void {
  if (!grantTypes.length) throw badRequest('validation_failed', 'grant_types cannot be empty');
  if (grantTypes.some((g) => !GRANT_TYPES.includes(g)))
    throw badRequest('validation_failed', "grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

function checkUri(field: 'client_uri' | 'logo_uri', value: string | null | undefined): void {
  if (!value) return;
  if (value.length > MAX_URI_LENGTH) throw badRequest('validation_failed', `${field} cannot exceed 2048 characters`);
  let u: URL | null = null;
  try {
    u = new URL(value);
  } catch {
    u = null;
  }
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:'))
    throw badRequest('validation_failed', `${field} must be a valid URL`);
}

function checkName(name: string | null | undefined): void {
  if (name && name.length > 1024) throw badRequest('validation_failed', 'client_name cannot exceed 1024 characters');
}

function clientTypeOf(method: TokenEndpointAuthMethod): ClientType {
  return method === 'none' ? 'public' : 'confidential';
}

const Text = z.string().nullish();
const TextList = z.array(z.string()).nullish();

const CreateBody = z.object({
  redirect_uris: TextList,
  client_type: Text,
  token_endpoint_auth_method: Text,
  grant_types: TextList,
  client_name: Text,
  client_uri: Text,
  logo_uri: Text,
});

const UpdateBody = z.object({
  redirect_uris: TextList,
  grant_types: TextList,
  client_name: Text,
  client_uri: Text,
  logo_uri: Text,
  token_endpoint_auth_method: Text,
});

function authMethodOrThrow(method: string): TokenEndpointAuthMethod {
  if (!AUTH_METHODS.includes(method as TokenEndpointAuthMethod))
    throw badRequest('validation_failed', `token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
  return method as TokenEndpointAuthMethod;
}

/** A client by id, or GoTrue's 404 `oauth_client_not_found` (400 for an id that is no UUID). */
export async function findClient(ctx: BackendContext, id: string): Promise<ClientRow | null> {
  if (!UUID_RE.test(id)) return null;
  const r = await ctx.db.query<ClientRow>(`select ${CLIENT_COLUMNS} from auth.oauth_clients where id = $1`, [id]);
  return r.rows[0] ?? null;
}

async function clientOr404(ctx: BackendContext, id: string): Promise<ClientRow> {
  if (!UUID_RE.test(id)) throw badRequest('validation_failed', 'invalid client_id format');
  const client = await findClient(ctx, id);
  if (!client) throw notFound('oauth_client_not_found', 'OAuth client not found');
  return client;
}

async function createClient(ctx: BackendContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, ctx, CreateBody);
  checkRedirectUris(body.redirect_uris, true);
  if (body.grant_types?.length) checkGrantTypes(body.grant_types);
  checkName(body.client_name);
  checkUri('client_uri', body.client_uri);
  checkUri('logo_uri', body.logo_uri);
  if (body.client_type && body.client_type !== 'public' && body.client_type !== 'confidential')
    throw badRequest('validation_failed', "client_type must be 'public' or 'confidential'");
  const method = body.token_endpoint_auth_method ? authMethodOrThrow(body.token_endpoint_auth_method) : null;
  if (body.client_type && method && clientTypeOf(method) !== body.client_type)
    throw badRequest(
      'validation_failed',
      `client_type '${body.client_type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${clientTypeOf(method)}')`,
    );
  // GoTrue's defaults: confidential with client_secret_basic unless told otherwise.
  const clientType: ClientType =
    (body.client_type as ClientType | null | undefined) ?? (method ? clientTypeOf(method) : 'confidential');
  const authMethod: TokenEndpointAuthMethod = method ?? (clientType === 'public' ? 'none' : 'client_secret_basic');
  const secret = clientType === 'confidential' ? newSecret() : undefined;
  const r = await ctx.db.query<ClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method,
                                     redirect_uris, grant_types, client_name, client_uri, logo_uri)
     values ($1, $2, 'manual', $3, $4, $5::text[], $6::text[], $7, $8, $9) returning ${CLIENT_COLUMNS}`,
    [
      crypto.randomUUID(),
      secret ? sha256(secret) : null,
      clientType,
      authMethod,
      body.redirect_uris,
      body.grant_types?.length ? [...new Set(body.grant_types)] : GRANT_TYPES,
      body.client_name || null,
      body.client_uri || null,
      body.logo_uri || null,
    ],
  );
  sendJson(res, 201, clientJson(r.rows[0], secret));
}

/** GoTrue lists every client; here `page` / `per_page` (as /admin/users, 50 by default) bound the answer. */
async function listClients(ctx: BackendContext, res: ServerResponse, url: URL): Promise<void> {
  const pageParam = url.searchParams.get('page');
  const perPageParam = url.searchParams.get('per_page');
  if ((pageParam && !/^[1-9]\d{0,8}$/.test(pageParam)) || (perPageParam && !/^\d{1,9}$/.test(perPageParam)))
    throw badRequest('validation_failed', 'Bad Pagination Parameters');
  const page = Math.max(1, Number(pageParam || 1));
  const perPage = Math.min(1000, Math.max(1, Number(perPageParam || 50) || 50));
  const total = Number((await ctx.db.query<{ n: string }>(`select count(*) as n from auth.oauth_clients`)).rows[0].n);
  const rows = await ctx.db.query<ClientRow>(
    `select ${CLIENT_COLUMNS} from auth.oauth_clients order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  sendJson(
    res,
    200,
    { clients: rows.rows.map((c) => clientJson(c)), aud: 'authenticated' },
    pageHeaders('/admin/oauth/clients', page, perPage, total),
  );
}

async function updateClient(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  client: ClientRow,
): Promise<void> {
  const body = await readJson(req, ctx, UpdateBody);
  const given = (k: keyof typeof body) => body[k] !== undefined && body[k] !== null;
  if (!Object.keys(UpdateBody.shape).some((k) => given(k as keyof typeof body)))
    throw badRequest('validation_failed', 'No fields provided for update');
  if (given('redirect_uris')) checkRedirectUris(body.redirect_uris, false);
  if (given('grant_types')) checkGrantTypes(body.grant_types!);
  checkName(body.client_name);
  checkUri('client_uri', body.client_uri);
  checkUri('logo_uri', body.logo_uri);
  let method = client.token_endpoint_auth_method;
  if (given('token_endpoint_auth_method')) {
    method = authMethodOrThrow(body.token_endpoint_auth_method!);
    if (clientTypeOf(method) !== client.client_type)
      throw badRequest(
        'validation_failed',
        `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'`,
      );
  }
  const r = await ctx.db.query<ClientRow>(
    `update auth.oauth_clients
        set redirect_uris = coalesce($2::text[], redirect_uris), grant_types = coalesce($3::text[], grant_types),
            client_name = coalesce($4::text, client_name), client_uri = coalesce($5::text, client_uri),
            logo_uri = coalesce($6::text, logo_uri), token_endpoint_auth_method = $7, updated_at = now()
      where id = $1 returning ${CLIENT_COLUMNS}`,
    [
      client.id,
      body.redirect_uris ?? null,
      body.grant_types ? [...new Set(body.grant_types)] : null,
      body.client_name ?? null,
      body.client_uri ?? null,
      body.logo_uri ?? null,
      method,
    ],
  );
  if (!r.rows[0]) throw notFound('oauth_client_not_found', 'OAuth client not found');
  sendJson(res, 200, clientJson(r.rows[0]));
}

/**
 * Removes the client for good (GoTrue marks it deleted): its pending requests, the customers' consents and the
 * sessions it opened go with it, so its refresh tokens stop working at once.
 */
async function deleteClient(ctx: BackendContext, res: ServerResponse, client: ClientRow): Promise<void> {
  await ctx.db.query(`delete from auth.oauth_clients where id = $1`, [client.id]);
  res.writeHead(204, CORS_HEADERS);
  res.end();
}

async function regenerateSecret(ctx: BackendContext, res: ServerResponse, client: ClientRow): Promise<void> {
  if (client.client_type !== 'confidential')
    throw badRequest('validation_failed', 'Cannot regenerate secret for public client');
  const secret = newSecret();
  const r = await ctx.db.query<ClientRow>(
    `update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning ${CLIENT_COLUMNS}`,
    [client.id, sha256(secret)],
  );
  if (!r.rows[0]) throw notFound('oauth_client_not_found', 'OAuth client not found');
  sendJson(res, 200, clientJson(r.rows[0], secret));
}

/** /admin/oauth/clients[/<id>[/regenerate_secret]], once oauth.ts checked the service role and the setting. */
export async function oauthAdmin(
  ctx: BackendContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  method: string,
  id: string | null,
  regenerate: boolean,
): Promise<boolean> {
  if (!id) {
    if (method === 'POST') await createClient(ctx, req, res);
    else if (method === 'GET') await listClients(ctx, res, url);
    else return false;
    return true;
  }
  if (regenerate) {
    if (method !== 'POST') return false;
    await regenerateSecret(ctx, res, await clientOr404(ctx, id));
    return true;
  }
  if (method === 'GET') sendJson(res, 200, clientJson(await clientOr404(ctx, id)));
  else if (method === 'PUT') await updateClient(ctx, req, res, await clientOr404(ctx, id));
  else if (method === 'DELETE') await deleteClient(ctx, res, await clientOr404(ctx, id));
  else return false;
  return true;
}
