import type { IncomingMessage } from 'node:http';
import type { Operation } from './operations.js';
import type { SchemaCacheHolder } from './schema-cache.js';

const MAX_PLANS = 256;

/**
 * Remembers the plans of body-less requests (GET, HEAD, DELETE): the same URL and headers give
 * the same statement and parameters, so the hot path skips parsing and SQL building. A plan is
 * kept only while the schema cache it was built from is current.
 */
export class PlanCache {
  private plans = new Map<string, { op: Operation; generation: number }>();

  constructor(private readonly schemas: SchemaCacheHolder) {}

  async get(schema: string, req: IncomingMessage, url: URL, build: () => Promise<Operation>): Promise<Operation> {
    const h = req.headers;
    const key = `${req.method} ${schema} ${url.pathname}${url.search}\n${h.accept ?? ''}\n${h.prefer ?? ''}\n${h.range ?? ''}\n${h['range-unit'] ?? ''}`;
    const generation = this.schemas.generation;
    const hit = this.plans.get(key);
    if (hit && hit.generation === generation) return hit.op;
    const op = await build();
    if (this.schemas.generation === generation) {
      if (this.plans.size >= MAX_PLANS) this.plans.delete(this.plans.keys().next().value!);
      this.plans.set(key, { op, generation });
    }
    return op;
  }
}
