import type { Refusal } from './refusal.js';
import { REFUSALS } from './refusals.js';

export const TRACKING_TERM_REQUIRED = REFUSALS.search_term_required;

/** The term sent to search_orders_by_term, trimmed; a blank term is refused before any call. */
export function trackingSearchTerm(
  raw: string | null | undefined,
): { ok: true; term: string } | ({ ok: false } & Refusal<'search_term_required'>) {
  const term = (raw ?? '').trim();
  return term ? { ok: true, term } : { ok: false, ...TRACKING_TERM_REQUIRED };
}

/** Tracking refreshes every 30 s until the order is delivered or cancelled. */
export const TRACKING_POLL_MS = 30_000;
