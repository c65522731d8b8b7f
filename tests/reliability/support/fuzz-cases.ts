import { SignJWT } from 'jose';
import type { JwtKeys } from '../../../src/backend/jwt.js';
import { shopOrder } from './orders.js';

/** mulberry32: small, fast and the same on every machine, so a seed replays a run exactly. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof prng>;

export interface HttpCase {
  kind: 'rest-query' | 'rest-body' | 'rpc' | 'jwt';
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const TABLES = [
  'orders',
  'menu_items',
  'menu_categories',
  'offers',
  'store_settings',
  'reviews',
  'reservations',
  'challenge_registrations',
  'notification_outbox',
  'notification_attempts',
] as const;
const COLUMNS = [
  'id',
  'status',
  'name',
  'price',
  'customer_phone',
  'customer_email',
  'created_at',
  'value',
  'key',
  'order_items',
  'grand_total',
  'unavailable',
  'category_id',
  'notes',
  'recipient',
  'payload',
  'user_id',
];
const OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'in',
  'is',
  'cs',
  'cd',
  'fts',
  'match',
  'imatch',
  'not.eq',
  'not.in',
  'ov',
  'sl',
  'adj',
  'xx',
];
const FUNCTIONS = [
  'place_order',
  'track_order',
  'order_confirmation',
  'cancel_my_order',
  'my_orders',
  'customer_prefill',
  'search_orders_by_term',
  'order_stats',
  'active_order_count',
  'create_reservation',
  'register_challenge',
  'claim_notifications',
  'complete_notification',
  'is_admin',
  'refuse',
  'order_clock',
  'verified_email',
  'priced_order_item',
  'kitchen_open_at',
  'delivery_fee_for',
  'unit_price',
  'restaurant_today',
  'phone_key',
  'nope',
  'pg_sleep',
];

/** Strings chosen to break parsers, quoting and SQL built by hand. */
const NASTY = [
  "'",
  '"',
  "';--",
  "' or '1'='1",
  '1; drop table public.orders; --',
  '$$',
  '$tag$',
  '\\',
  '\u0000',
  '%00',
  '%',
  '%%',
  '(',
  ')',
  '((',
  '))',
  ',',
  '.',
  '..',
  '*',
  'null',
  'NULL',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(40),
  '-9223372036854775809',
  '2025-02-30',
  '24:61',
  'é',
  '🐔',
  '\u202e',
  '\ud800',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '../..',
  'pg_catalog.pg_authid',
  'auth.users',
  'public.orders',
  '"orders"',
  'orders;',
  'select',
  'role',
  'request.jwt.claims',
  '{}',
  '[]',
  '{"a":',
  'a,b',
  'a.b.c',
  'not.is.null',
  'or=(id.eq.1)',
  '&',
  '=',
  '#',
  '?',
  ' ',
  '\t\n',
];

function junk(r: Rng, max = 40): string {
  const n = r.int(max) + 1;
  let s = '';
  for (let i = 0; i < n; i++)
    s += r.chance(0.7) ? String.fromCharCode(32 + r.int(95)) : String.fromCharCode(r.int(0xffff));
  return s;
}

/** Header values must be byte strings without control characters: anything else never leaves the client. */
function headerJunk(r: Rng, max: number): string {
  return Array.from({ length: r.int(max) + 1 }, () =>
    String.fromCharCode(r.chance(0.8) ? 32 + r.int(95) : 160 + r.int(96)),
  ).join('');
}

function value(r: Rng): string {
  switch (r.int(5)) {
    case 0:
      return r.pick(NASTY);
    case 1:
      return junk(r);
    case 2:
      return String(r.int(1000) - 500);
    case 3:
      return 'x'.repeat(r.pick([1000, 10_000, 100_000]));
    default:
      return `(${Array.from({ length: r.int(5) + 1 }, () => r.pick(NASTY)).join(',')})`;
  }
}

export function randomJson(r: Rng, depth = 0): unknown {
  const k = depth > 4 ? r.int(5) : r.int(8);
  switch (k) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 99, 100, 1e-9]);
    case 3:
      return r.pick(NASTY);
    case 4:
      return junk(r, 20);
    case 5:
      return Array.from({ length: r.int(4) }, () => randomJson(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(5); i > 0; i--) o[r.chance(0.6) ? r.pick(COLUMNS) : r.pick(NASTY)] = randomJson(r, depth + 1);
      return o;
    }
  }
}

/** A valid shop order with one part replaced by something wrong. */
function mutatedOrder(r: Rng, n: number): unknown {
  const o = shopOrder('fuzz', n) as Record<string, unknown>;
  const keys = [
    ...Object.keys(o),
    'items.0.quantity',
    'items.0.menuItemId',
    'items.0.options',
    'customer.name',
    'customer.phone',
    'customer.email',
    'total_price',
    'status',
    'id',
    'user_id',
  ];
  for (let i = r.int(3) + 1; i > 0; i--) {
    const path = r.pick(keys).split('.');
    let target: Record<string, unknown> = o;
    for (const p of path.slice(0, -1)) {
      const next = target[p];
      if (next === null || typeof next !== 'object') break;
      target = next as Record<string, unknown>;
    }
    target[path[path.length - 1]!] = r.chance(0.2) ? undefined : randomJson(r);
  }
  if (r.chance(0.05))
    o.items = Array.from({ length: r.pick([51, 500, 5000]) }, () => ({ menuItemId: '32', quantity: 1 }));
  return o;
}

/** A URL path cannot carry a lone surrogate: fetch would send U+FFFD, so send that. */
function pathPart(s: string): string {
  return encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

function deepJson(n: number): string {
  return '['.repeat(n) + ']'.repeat(n);
}

function base64url(s: string): string {
  return Buffer.from(s).toString('base64url');
}

/** Tokens that must never grant more than anon: wrong key, wrong algorithm, expired, unknown role, garbage. */
export async function forgedTokens(keys: JwtKeys): Promise<string[]> {
  const wrongKey = new TextEncoder().encode('not-the-project-secret-not-the-project-secret');
  const now = Math.floor(Date.now() / 1000);
  const admin = { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001', app_metadata: { role: 'admin' } };
  const sign = (claims: Record<string, unknown>, key: Uint8Array, alg = 'HS256') =>
    new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
  const right = new TextEncoder().encode(keys.secret);
  return [
    await sign({ role: 'service_role', exp: now + 3600 }, wrongKey),
    await sign({ ...admin, exp: now + 3600 }, wrongKey),
    await sign({ ...admin, exp: now + 3600 }, right, 'HS512'),
    await sign({ ...admin, exp: now - 60 }, right),
    await sign({ role: 'service_role', exp: now - 1 }, right),
    await sign({ role: 'postgres', exp: now + 3600 }, right),
    await sign({ role: 'supabase_admin', exp: now + 3600 }, right),
    await sign({ role: 'authenticated', sub: "x' or 1=1 --", exp: now + 3600 }, right),
    `${base64url('{"alg":"none","typ":"JWT"}')}.${base64url(JSON.stringify({ role: 'service_role', exp: now + 3600 }))}.`,
    `${base64url('{"alg":"HS256"}')}.${base64url('{"role":"service_role"')}.xx`,
    'not-a-jwt',
    'a.b.c',
    '',
    'Bearer',
    '.'.repeat(3),
    'x'.repeat(20_000),
    keys.anonKey.slice(0, -4) + 'AAAA',
  ];
}

/** One generated HTTP request against /rest/v1. */
export function httpCase(r: Rng, n: number, tokens: { anon: string; customer: string; forged: string[] }): HttpCase {
  const kind = r.pick(['rest-query', 'rest-query', 'rest-body', 'rpc', 'rpc', 'jwt'] as const);
  const bearer = kind === 'jwt' ? r.pick(tokens.forged) : r.chance(0.8) ? tokens.anon : tokens.customer;
  const headers: Record<string, string> = {
    apikey: kind === 'jwt' && r.chance(0.3) ? r.pick(tokens.forged) : tokens.anon,
  };
  if (bearer || r.chance(0.5))
    headers.Authorization = r.chance(0.95) ? `Bearer ${bearer}` : r.pick(['Basic abc', 'Bearer', bearer]);
  if (r.chance(0.3))
    headers.Prefer = r.pick([
      'return=representation',
      'return=minimal',
      'count=exact',
      'resolution=merge-duplicates',
      'tx=rollback',
      'params=single-object',
      headerJunk(r, 20),
    ]);
  if (r.chance(0.15)) headers.Range = r.pick(['0-9', '5-1', '-1', 'abc', '0-99999999999999999999']);
  if (r.chance(0.15))
    headers.Accept = r.pick([
      'application/vnd.pgrst.object+json',
      'text/csv',
      'application/openapi+json',
      '*/*',
      headerJunk(r, 10),
    ]);
  if (r.chance(0.1)) headers['Accept-Profile'] = r.pick(['public', 'auth', 'pg_catalog', '_realtime', '_mailbox']);
  const table = r.chance(0.85) ? r.pick(TABLES) : r.pick(NASTY);
  const params = () => {
    const q = new URLSearchParams();
    for (let i = r.int(4); i > 0; i--) {
      switch (r.int(6)) {
        case 0:
          q.append(
            'select',
            r.chance(0.5)
              ? r.pick(['*', 'id,status', 'id,order_items->0', 'count()', 'orders(*)', 'id:status', '*,x:y(*)'])
              : value(r),
          );
          break;
        case 1:
          q.append(
            'order',
            r.chance(0.5) ? `${r.pick(COLUMNS)}.${r.pick(['asc', 'desc', 'nullsfirst', 'x'])}` : value(r),
          );
          break;
        case 2:
          q.append(r.pick(['limit', 'offset']), r.pick(['-1', '0', '1e9', 'abc', '99999999999999999999', value(r)]));
          break;
        case 3:
          q.append(r.pick(['or', 'and', 'not.or']), `(${r.pick(COLUMNS)}.${r.pick(OPS)}.${value(r)},${value(r)})`);
          break;
        default:
          q.append(r.chance(0.8) ? r.pick(COLUMNS) : value(r), `${r.pick(OPS)}.${value(r)}`);
      }
    }
    const s = q.toString();
    return s ? `?${r.chance(0.05) ? s.replace(/%/g, r.pick(['%', '%%', '%G'])) : s}` : '';
  };
  const jsonBody = () => {
    switch (r.int(8)) {
      case 0:
        return junk(r, 200);
      case 1:
        return deepJson(r.pick([100, 10_000, 200_000]));
      case 2:
        return JSON.stringify({ big: 'x'.repeat(r.pick([100_000, 2_000_000])) });
      case 3:
        return '';
      default:
        return JSON.stringify(randomJson(r));
    }
  };
  if (kind === 'rest-query' || (kind === 'jwt' && r.chance(0.5))) {
    return {
      kind,
      method: r.pick(['GET', 'GET', 'HEAD', 'DELETE']),
      path: `/rest/v1/${pathPart(table)}${params()}`,
      headers,
    };
  }
  if (kind === 'rest-body' || kind === 'jwt') {
    headers['Content-Type'] = r.chance(0.9)
      ? 'application/json'
      : r.pick(['text/plain', 'application/x-www-form-urlencoded', 'text/csv', headerJunk(r, 10)]);
    return {
      kind,
      method: r.pick(['POST', 'PATCH', 'PUT', 'DELETE']),
      path: `/rest/v1/${pathPart(table)}${params()}`,
      headers,
      body: jsonBody(),
    };
  }
  const fn = r.chance(0.9) ? r.pick(FUNCTIONS) : junk(r, 20);
  headers['Content-Type'] = 'application/json';
  let body: string;
  if (fn === 'place_order' && r.chance(0.8)) body = JSON.stringify({ p_order: mutatedOrder(r, n) });
  else if (r.chance(0.15)) body = jsonBody();
  else {
    const args: Record<string, unknown> = {};
    for (let i = r.int(4); i > 0; i--)
      args[
        r.pick([
          'p_order',
          'p_term',
          'p_search_term',
          'p_now',
          'p_limit',
          'p_lease_seconds',
          'p_id',
          'p_ok',
          'p_name',
          'p_email',
          junk(r, 8),
        ])
      ] = randomJson(r);
    body = JSON.stringify(args);
  }
  return {
    kind: 'rpc',
    method: r.chance(0.9) ? 'POST' : 'GET',
    path: `/rest/v1/rpc/${pathPart(fn)}${r.chance(0.2) ? params() : ''}`,
    headers,
    body,
  };
}

/** One realtime frame: valid Phoenix pushes with bad contents, or frames that are not Phoenix at all. */
export function realtimeFrame(r: Rng, tokens: string[]): string | Buffer {
  const topic = r.pick([
    'realtime:orders',
    'realtime:public:orders',
    'phoenix',
    'realtime:' + junk(r, 10),
    '',
    'x'.repeat(10_000),
  ]);
  const event = r.pick([
    'phx_join',
    'phx_leave',
    'heartbeat',
    'access_token',
    'broadcast',
    'presence',
    'phx_reply',
    junk(r, 8),
  ]);
  const config = {
    config: {
      postgres_changes: r.chance(0.7)
        ? [
            {
              event: r.pick(['*', 'INSERT', 'UPDATE', 'DELETE', 'x']),
              schema: r.pick(['public', 'auth', '_realtime', '*']),
              table: r.pick([...TABLES, '*', "orders'"]),
              ...(r.chance(0.4) ? { filter: `${r.pick(COLUMNS)}=${r.pick(OPS)}.${value(r)}` } : {}),
            },
          ]
        : randomJson(r),
      broadcast: randomJson(r),
      presence: randomJson(r),
    },
    access_token: r.chance(0.6) ? r.pick(tokens) : randomJson(r),
  };
  const payload = r.chance(0.7) ? config : randomJson(r);
  switch (r.int(6)) {
    case 0:
      return junk(r, 200);
    case 1:
      return Buffer.from(Array.from({ length: r.int(64) + 1 }, () => r.int(256)));
    case 2:
      return JSON.stringify({ topic, event, payload, ref: randomJson(r) });
    case 3:
      return JSON.stringify(Array.from({ length: r.int(7) }, () => randomJson(r)));
    default:
      return JSON.stringify([r.chance(0.9) ? '1' : randomJson(r), String(r.int(1000)), topic, event, payload]);
  }
}
