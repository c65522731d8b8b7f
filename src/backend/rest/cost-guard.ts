import type { Queryable } from '../db/index.js';
import { RestError } from './errors.js';

const MAX_VERDICTS = 1024;

/**
 * Refuses a statement whose planned cost is over the limit before it runs, as hosted Supabase does with
 * its plan-cost filter: `EXPLAIN (FORMAT JSON)` of the very statement, planned as the request's role (its
 * row-level security included). The cost is remembered per role and statement text, so a page asked for
 * again (the same text with other parameter values) is not planned twice.
 */
export class CostGuard {
  private costs = new Map<string, number>();

  constructor(readonly limit: number) {}

  async check(tx: Queryable, role: string, statement: { text: string; params: unknown[] }): Promise<void> {
    if (!(this.limit > 0)) return;
    const key = `${role}\n${statement.text}`;
    let cost = this.costs.get(key);
    if (cost === undefined) {
      const rows = (
        await tx.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.params)
      ).rows;
      const json = Object.values(rows[0] ?? {})[0];
      const plan = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Total Cost': number } }[];
      cost = Number(plan[0]?.Plan['Total Cost'] ?? 0);
      if (this.costs.size >= MAX_VERDICTS) this.costs.delete(this.costs.keys().next().value!);
      this.costs.set(key, cost);
    }
    if (cost > this.limit) {
      throw new RestError(
        400,
        '54001',
        'plan cost limit exceeded',
        `The planned cost of this request is ${Math.round(cost)}, over the limit of ${this.limit}.`,
        'Ask for fewer rows (limit, filters) or fewer embedded resources.',
      );
    }
  }
}
