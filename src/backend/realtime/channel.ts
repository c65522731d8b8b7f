import type { JwtClaims } from '../jwt.js';
import type { RowFilter } from './filter.js';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';
export type BindingEvent = '*' | ChangeEvent;

/** One `postgres_changes` binding of a joined channel, with the id the client matches it by. */
export interface ChangeBinding {
  id: number;
  event: BindingEvent;
  schema: string;
  /** Undefined (or '*') means every published table of the schema. */
  table?: string;
  filter?: string;
  rowFilter?: RowFilter;
}

/** What the change dispatcher needs to know about a joined channel. */
export interface ChangeSubscriber {
  readonly topic: string;
  readonly bindings: ChangeBinding[];
  /** Claims of the channel's current access token (set_config('request.jwt.claims') on RLS checks). */
  claims: JwtClaims;
  /** Distinct claims share one visibility query. */
  claimsKey: string;
  /** Milliseconds since epoch when the token expires; null when it never does. */
  expiresAt: number | null;
  /** Sends one `postgres_changes` message; `dataJson` is shared by every receiver of the change. */
  sendChange(ids: number[], dataJson: string): void;
}

/** Stable binding ids (like Supabase's hash of the parameters), so a rejoin after restart keeps them. */
export function bindingId(b: { event: string; schema: string; table?: string; filter?: string }): number {
  const text = JSON.stringify([b.event, b.schema, b.table ?? null, b.filter ?? null]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 100_000_000;
}
