import type { SchemaCache } from './schema-cache.js';

/** A small OpenAPI description of the exposed tables and functions (what GET /rest/v1/ answers). */
export function openApiDocument(cache: SchemaCache, publicUrl: string, version = 14): Record<string, unknown> {
  const paths: Record<string, unknown> = {
    '/': { get: { produces: ['application/openapi+json', 'application/json'] } },
  };
  const definitions: Record<string, unknown> = {};
  for (const rel of cache.relations.values()) {
    if (rel.kind === 'c') continue;
    paths[`/${rel.name}`] =
      rel.kind === 'v' || rel.kind === 'm' ? { get: {} } : { get: {}, post: {}, patch: {}, delete: {} };
    definitions[rel.name] = {
      type: 'object',
      required: rel.columnList.filter((c) => c.notNull && !c.hasDefault).map((c) => c.name),
      properties: Object.fromEntries(rel.columnList.map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const name of cache.functions.keys()) paths[`/rpc/${name}`] = { post: {} };
  return {
    swagger: '2.0',
    info: { title: 'PostgREST API', version: String(version) },
    host: new URL(publicUrl).host,
    basePath: '/rest/v1',
    paths,
    definitions,
  };
}
