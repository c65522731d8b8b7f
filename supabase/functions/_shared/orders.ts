import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { HttpError } from './http.ts';

/** `{orderId}` or the spec's `{order}` (only its id is read: the rest of the body is never trusted). */
export function orderIdFrom(body: Record<string, unknown>): string {
  const order = body.order;
  const raw = body.orderId ?? (order && typeof order === 'object' ? (order as { id?: unknown }).id : undefined);
  if (typeof raw !== 'string' || !/^[A-Za-z0-9-]{8,64}$/.test(raw.trim())) {
    throw new HttpError(400, 'Le champ "orderId" (ou "order.id") doit être l\'identifiant d\'une commande.');
  }
  return raw.trim();
}

export async function loadOrder(
  db: SupabaseClient,
  id: string,
): Promise<{ id: string; status: string; customer_email: string | null }> {
  const { data, error } = await db.from('orders').select('id, status, customer_email').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) throw new HttpError(404, 'Commande non trouvée.');
  return data;
}

/** The newest outbox row of this kind for the order (optionally for one status), or null. */
export interface QueuedRow {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  next_attempt_at: string;
}

export async function queuedFor(
  db: SupabaseClient,
  orderId: string,
  kind: string,
  status?: string,
): Promise<QueuedRow | null> {
  const { data, error } = await db
    .from('notification_outbox')
    .select('id, kind, status, attempts, last_error, sent_at, next_attempt_at, payload')
    .eq('order_id', orderId)
    .eq('kind', kind)
    .order('created_at', { ascending: false })
    .limit(50);
  if (error) throw new Error(error.message);
  const row = (data ?? []).find((r) => !status || (r.payload as { status?: string } | null)?.status === status);
  if (!row) return null;
  const { payload: _payload, ...queued } = row;
  return queued as QueuedRow;
}
