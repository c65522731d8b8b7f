import type { ChangeCapture } from './capture.js';
import { bindingId, type BindingEvent, type ChangeBinding } from './channel.js';
import { parseFilter } from './filter.js';

const EVENTS: readonly BindingEvent[] = ['*', 'INSERT', 'UPDATE', 'DELETE'];
const MAX_BINDINGS = 100;

export interface ReplyBinding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

function describe(b: Record<string, unknown>): string {
  return `[event: ${String(b.event)}, schema: ${String(b.schema)}, table: ${String(b.table ?? '*')}, filters: [${b.filter ? String(b.filter) : ''}]]`;
}

const UNABLE =
  'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters:';

/**
 * Checks a join's `config.postgres_changes` against the catalog and the publication, and
 * answers with the ids the client matches index by index.
 */
export async function resolveBindings(
  capture: ChangeCapture,
  raw: unknown,
): Promise<{ bindings: ChangeBinding[]; reply: ReplyBinding[] } | { error: string }> {
  if (raw === undefined || raw === null) return { bindings: [], reply: [] };
  if (!Array.isArray(raw)) return { error: 'config.postgres_changes must be a list' };
  if (raw.length > MAX_BINDINGS) return { error: `at most ${MAX_BINDINGS} postgres_changes bindings per channel` };
  const bindings: ChangeBinding[] = [];
  const reply: ReplyBinding[] = [];
  for (const item of raw as unknown[]) {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      return { error: 'each postgres_changes binding must be an object' };
    const b = item as Record<string, unknown>;
    const event = b.event as BindingEvent;
    if (!EVENTS.includes(event))
      return { error: `${UNABLE} ${describe(b)}: event must be one of ${EVENTS.join(', ')}` };
    if (typeof b.schema !== 'string' || b.schema === '')
      return { error: `${UNABLE} ${describe(b)}: schema is required` };
    if (b.table !== undefined && b.table !== null && typeof b.table !== 'string')
      return { error: `${UNABLE} ${describe(b)}: table must be a string` };
    if (b.filter !== undefined && b.filter !== null && typeof b.filter !== 'string')
      return { error: `${UNABLE} ${describe(b)}: filter must be a string` };
    const schema = b.schema;
    const table = (b.table as string | null | undefined) ?? undefined;
    const filter = (b.filter as string | null | undefined) ?? undefined;
    const oneTable = schema !== '*' && table !== undefined && table !== '*';

    let rowFilter;
    if (filter !== undefined) {
      try {
        rowFilter = parseFilter(filter);
      } catch (e) {
        return { error: `${UNABLE} ${describe(b)}: ${(e as Error).message}` };
      }
    }
    if (oneTable) {
      let info = await capture.tableInfo(schema, table, true);
      if (!info) return { error: `${UNABLE} ${describe(b)}: table ${schema}.${table} does not exist` };
      if (!info.inPublication)
        return {
          error: `${UNABLE} ${describe(b)}: table ${schema}.${table} is not in the supabase_realtime publication`,
        };
      if (!capture.isTracked(schema, table, info.oid)) {
        await capture.syncPublication();
        info = (await capture.tableInfo(schema, table)) ?? info;
      }
      if (rowFilter && !info.columns.some((c) => c.name === rowFilter.column)) {
        return { error: `${UNABLE} ${describe(b)}: column "${rowFilter.column}" does not exist in ${schema}.${table}` };
      }
    } else {
      await capture.syncPublication();
      if (capture.trackedIn(schema).length === 0)
        return {
          error: `${UNABLE} ${describe(b)}: no table of schema ${schema} is in the supabase_realtime publication`,
        };
    }
    const id = bindingId({ event, schema, table, filter });
    bindings.push({ id, event, schema, table, filter, rowFilter });
    const answer: ReplyBinding = { id, event, schema };
    if (b.table !== undefined) answer.table = table;
    if (b.filter !== undefined) answer.filter = filter;
    reply.push(answer);
  }
  return { bindings, reply };
}
