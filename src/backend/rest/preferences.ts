import type { IncomingHttpHeaders } from 'node:http';
import { RestError, parseError } from './errors.js';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  tx: 'commit' | 'rollback' | null;
  params: 'single-object' | null;
  handling?: 'strict' | 'lenient' | null;
  /** `max-affected=N` (PostgREST 13): under handling=strict, more affected rows fail the request. */
  maxAffected?: number | null;
  /** The preferences honoured, for Preference-Applied. */
  applied: string[];
}

const ALLOWED: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  params: ['single-object'],
  handling: ['strict', 'lenient'],
};

/** Reads every Prefer header; unknown preferences are ignored, as PostgREST does by default. */
export function parsePreferences(headers: IncomingHttpHeaders): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    params: null,
    handling: null,
    maxAffected: null,
    applied: [],
  };
  const raw = headers['prefer'];
  if (!raw) return prefs;
  for (const part of (Array.isArray(raw) ? raw.join(',') : raw).split(',')) {
    const [k, v] = part
      .trim()
      .split('=')
      .map((s) => s?.trim());
    if (k === 'max-affected' && v !== undefined && /^\d{1,15}$/.test(v)) {
      prefs.maxAffected = Number(v);
      continue;
    }
    if (!k || v === undefined || !ALLOWED[k]?.includes(v)) continue;
    (prefs as unknown as Record<string, string>)[k] = v;
  }
  return prefs;
}

export type MediaType = 'json' | 'object' | 'csv' | 'plan';

export interface Accepted {
  type: MediaType;
  stripNulls: boolean;
  /** `application/vnd.pgrst.plan+json|text; for="…"; options=analyze|verbose|…` (explain()). */
  plan?: { format: 'json' | 'text'; for: string; options: string[] };
}

const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

function planMedia(type: string, params: string[]): Accepted['plan'] | null {
  const m = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/.exec(type);
  if (!m) return null;
  let forType = 'application/json';
  let options: string[] = [];
  for (const p of params) {
    const [k, v = ''] = p.split('=').map((x) => x.trim());
    if (k === 'for') forType = v.replace(/^"|"$/g, '');
    if (k === 'options') options = v.split('|').filter((o) => PLAN_OPTIONS.has(o));
  }
  return { format: m[1] === 'json' ? 'json' : 'text', for: forType, options };
}

/** Splits Accept on commas outside quotes (`for="a, b"`). */
function splitAccept(accept: string): string[] {
  return accept.match(/(?:[^,"]|"[^"]*")+/g) ?? [];
}

/** Chooses the response media type from Accept. */
export function acceptedMedia(headers: IncomingHttpHeaders): Accepted {
  const accept = headers['accept'];
  if (!accept) return { type: 'json', stripNulls: false };
  const offered = splitAccept(accept).map((s) => s.trim().toLowerCase());
  for (const entry of offered) {
    const [type, ...params] = entry
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    const plan = planMedia(type, params);
    if (plan) return { type: 'plan', stripNulls: false, plan };
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return { type: 'object', stripNulls };
    if (
      type === 'application/json' ||
      type === 'application/vnd.pgrst.array+json' ||
      type === '*/*' ||
      type === 'application/*'
    ) {
      return { type: 'json', stripNulls };
    }
    if (type === 'text/csv') return { type: 'csv', stripNulls: false };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}

export interface Paging {
  offset: number;
  limit: number | null;
}

/** Combines `Range: 0-9` with offset/limit, the way PostgREST intersects them. */
export function paging(headers: IncomingHttpHeaders, offset: number | null, limit: number | null): Paging {
  let from = offset ?? 0;
  let to = limit === null ? Infinity : from + limit - 1;
  const range = headers['range'];
  if (range && (headers['range-unit'] ?? 'items') === 'items') {
    const m = /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(range.trim());
    if (!m) throw parseError('range', range, 'expecting "from-to"');
    const hFrom = Number(m[1]);
    const hTo = m[2] === '' ? Infinity : Number(m[2]);
    if (hTo < hFrom) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', null);
    from = Math.max(from, hFrom);
    to = Math.min(to, hTo);
  }
  return { offset: from, limit: to === Infinity ? null : Math.max(0, to - from + 1) };
}
