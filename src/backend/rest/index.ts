import type { IncomingMessage } from 'node:http';
import type { BackendContext } from '../context.js';
import { readBody, type RouteHandler } from '../http.js';
import { createAuthenticator, type RequestIdentity } from './auth.js';
import { CacheMiss, RestError, toRestError } from './errors.js';
import { planRpc, planTable, type Operation, type RequestInfo } from './operations.js';
import { acceptedMedia, parsePreferences } from './preferences.js';
import { send, sendError, type Outcome } from './respond.js';
import { SchemaCacheHolder, type SchemaCache } from './schema-cache.js';
import { openApiDocument } from './openapi.js';
import { PlanCache } from './plan-cache.js';
import { restSettings } from './settings.js';
import { CostGuard } from './cost-guard.js';

const PREFIX = '/rest/v1';

/**
 * The per-request settings PostgREST makes before the statement, so RLS policies and auth.* see them,
 * then the impersonated role's own settings (`alter role … set`, e.g. statement_timeout), as PostgREST applies them.
 */
export const requestSettingsSql = (searchPath = '"public", "extensions"') =>
  `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), ` +
  `set_config('request.method', $3, true), set_config('request.path', $4, true), ` +
  `set_config('request.headers', $5, true), set_config('request.cookies', $6, true), ` +
  `set_config('search_path', '${searchPath.replace(/'/g, "''")}', true), ` +
  `(select count(set_config(split_part(s.c, '=', 1), substr(s.c, strpos(s.c, '=') + 1), true)) from ` +
  `(select c, d.setdatabase from pg_db_role_setting d cross join unnest(d.setconfig) c ` +
  `where d.setrole = (select oid from pg_roles where rolname = $1) ` +
  `and d.setdatabase in (0, (select oid from pg_database where datname = current_database())) order by d.setdatabase) s)`;
export const REQUEST_SETTINGS_SQL = requestSettingsSql();

/**
 * The request's settings with the impersonated role's own settings given (`roleSettings` pairs, in the order they
 * apply), as PostgREST does: it reads the roles' settings with its schema cache, not with every request. Looking
 * them up in the catalogue made every request's first statement cost PGlite about a millisecond of its one engine
 * (1.6 ms against 0.5 ms), as much as a third of a simple order's own work.
 */
export function requestSettingsWith(searchPath: string, roleSettings: number): string {
  const role = Array.from({ length: roleSettings }, (_, i) => `, set_config($${7 + 2 * i}, $${8 + 2 * i}, true)`);
  return (
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), ` +
    `set_config('request.method', $3, true), set_config('request.path', $4, true), ` +
    `set_config('request.headers', $5, true), set_config('request.cookies', $6, true), ` +
    `set_config('search_path', '${searchPath.replace(/'/g, "''")}', true)${role.join('')}`
  );
}

/** A role's own settings (`alter role … set`, this database's after the cluster's), as name and value. */
export const ROLE_SETTINGS_SQL =
  `select split_part(u.c, '=', 1) as name, substr(u.c, strpos(u.c, '=') + 1) as value ` +
  `from pg_db_role_setting d cross join unnest(d.setconfig) with ordinality u(c, n) ` +
  `where d.setrole = (select oid from pg_roles where rolname = $1) ` +
  `and d.setdatabase in (0, (select oid from pg_database where datname = current_database())) ` +
  `order by d.setdatabase, u.n`;

/** The impersonated roles' settings, read once per role and again after a schema cache reload (NOTIFY pgrst). */
class RoleSettings {
  private byRole = new Map<string, Promise<string[]>>();

  constructor(private readonly db: BackendContext['db']) {}

  /** The role's settings as flat [name, value, name, value, …]. */
  get(role: string): Promise<string[]> {
    let settings = this.byRole.get(role);
    if (!settings) {
      settings = this.db
        .query<{ name: string; value: string }>(ROLE_SETTINGS_SQL, [role])
        .then((r) => r.rows.flatMap((x) => [x.name, x.value]));
      this.byRole.set(role, settings);
      settings.catch(() => this.byRole.delete(role));
    }
    return settings;
  }

  invalidate(): void {
    this.byRole.clear();
  }
}

/** An identifier always in double quotes, as PostgREST writes the search path. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

class Rollback {
  constructor(readonly outcome: Outcome) {}
}

function profile(req: IncomingMessage, method: string, exposed: string[]): string {
  const header = method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
  const schema = typeof header === 'string' && header !== '' ? header : exposed[0];
  if (!exposed.includes(schema)) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    );
  }
  return schema;
}

function cookies(header: string | undefined): string {
  if (!header) return '{}';
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return JSON.stringify(out);
}

function segments(path: string): string[] {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new RestError(400, 'PGRST100', 'Invalid path specified in request URL');
  }
}

/** `/rest/v1/*`: the part of PostgREST 13 that supabase-js speaks, over any schema in the catalog. */
export function createRestHandler(ctx: BackendContext): RouteHandler {
  const schemas = new SchemaCacheHolder(ctx.db);
  const identify = createAuthenticator(ctx.jwt);
  const plans = new PlanCache(schemas);
  const settings = restSettings(ctx.config);
  const costs = new CostGuard(settings.maxPlanCost);
  const roleSettings = new RoleSettings(ctx.db);
  let listening: Promise<unknown> | null = null;

  /** Plans against the cache; a name it does not know makes it read the catalog once more. */
  async function plan(schema: string, build: (cache: SchemaCache) => Operation): Promise<Operation> {
    try {
      return build(await schemas.get(schema));
    } catch (e) {
      if (!(e instanceof CacheMiss)) throw e;
      return build(await schemas.reload(schema));
    }
  }

  async function answer(req: IncomingMessage, url: URL, identity: RequestIdentity): Promise<Outcome> {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice(PREFIX.length) || '/';
    const schema = profile(req, method, settings.schemas);
    const parts = segments(path);
    if (parts.length === 0) {
      if (method !== 'GET' && method !== 'HEAD')
        throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      return {
        status: 200,
        body: JSON.stringify(openApiDocument(await schemas.get(schema), ctx.publicUrl, settings.version)),
        headers: {},
        contentType: 'application/openapi+json; charset=utf-8',
      };
    }
    const isRpc = parts.length === 2 && parts[0] === 'rpc';
    if (parts.length !== 1 && !isRpc) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
    const body = hasBody
      ? (
          await readBody(
            req,
            ctx.config.maxBodyBytes,
            () =>
              new RestError(
                413,
                'PGRST413',
                'Payload Too Large',
                `The request body is larger than ${ctx.config.maxBodyBytes} bytes`,
              ) as never,
          )
        ).toString('utf8')
      : null;
    const media = acceptedMedia(req.headers);
    if (media.plan && !settings.planEnabled) {
      throw new RestError(406, 'PGRST107', `None of these media types are available: ${req.headers.accept}`);
    }
    const info: RequestInfo = {
      method,
      headers: req.headers,
      search: url.searchParams,
      prefs: parsePreferences(req.headers),
      media,
      body,
      planEnabled: settings.planEnabled,
      version: settings.version,
      maxRows: settings.maxRows,
    };
    const build = (cache: SchemaCache) => (isRpc ? planRpc(cache, parts[1], info) : planTable(cache, parts[0], info));
    const op = body === null ? await plans.get(schema, req, url, () => plan(schema, build)) : await plan(schema, build);
    const ownSettings = await roleSettings.get(identity.role);
    const requestSettings = [
      identity.role,
      identity.claimsJson,
      method,
      path,
      JSON.stringify(req.headers),
      cookies(req.headers.cookie),
      ...ownSettings,
    ];
    const bounded = identity.role !== 'service_role';
    // As PostgREST does, the requested schema comes first on the search path, then Supabase's extra search path
    // (public, extensions); PostgREST 14 writes the schema even when it is public (`"public", "public", …`).
    const settingsSql = requestSettingsWith(
      schema === 'public' && settings.version < 14
        ? '"public", "extensions"'
        : `${quoted(schema)}, "public", "extensions"`,
      ownSettings.length / 2,
    );
    let outcome: Outcome;
    try {
      outcome = await ctx.db.transaction(
        async (tx) => {
          // Planned as the request's role, before it runs: a statement too costly never reaches the engine.
          if (bounded && op.statement && !info.media.plan) await costs.check(tx, identity.role, op.statement);
          const outcome = await op.run(tx);
          if (info.prefs.tx === 'rollback') throw new Rollback(outcome);
          return outcome;
        },
        {
          readOnly: op.readOnly,
          // PGlite: how long this request may hold the one engine (PostgreSQL applies the role's statement_timeout).
          timeoutMs:
            (identity.role in settings.pgliteTimeoutMs
              ? settings.pgliteTimeoutMs[identity.role]
              : settings.pgliteTimeoutMs.authenticated) ?? undefined,
          client: typeof req.headers['x-forwarded-for'] === 'string' ? req.headers['x-forwarded-for'] : undefined,
          // The request's settings ride with the BEGIN and the first statement; a call of one statement commits
          // with it (PGlite: one trip between the threads for the whole order instead of three).
          prelude: { sql: settingsSql, params: requestSettings },
          commitAfter: info.prefs.tx === 'rollback' ? undefined : op.finalSql,
        },
      );
    } catch (e) {
      if (!(e instanceof Rollback)) throw e;
      outcome = e.outcome;
    }
    if (outcome.body !== null && outcome.body.length > settings.maxResponseBytes / 3) {
      const bytes = Buffer.byteLength(outcome.body);
      if (bytes > settings.maxResponseBytes) {
        throw new RestError(
          400,
          '54000',
          'response too large',
          `The response would be ${bytes} bytes, over the limit of ${settings.maxResponseBytes}.`,
          'Ask for fewer rows (limit, range) or fewer columns.',
        );
      }
    }
    return outcome;
  }

  return async (req, res, url) => {
    let identity: RequestIdentity | null = null;
    try {
      listening ??= ctx.db
        .listen('pgrst', (payload) => {
          if (payload === '' || payload === 'reload schema') {
            schemas.invalidate();
            roleSettings.invalidate();
          }
        })
        .catch(() => {});
      identity = await identify(req.headers);
      const outcome = await answer(req, url, identity);
      send(res, outcome, req.method === 'HEAD');
    } catch (e) {
      const err = toRestError(e, identity !== null && identity.role !== 'anon');
      if (!res.headersSent) sendError(res, err);
      else res.end();
    }
  };
}
