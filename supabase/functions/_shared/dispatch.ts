import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { sendEmail, sendSms, MailerError } from './mailer.ts';
import type { QueuedRow } from './orders.ts';
import { loadRestaurant, RESTAURANT, type RestaurantIdentity } from './restaurant.ts';
import { renderNotification, renderSms } from './templates/index.ts';

export interface OutboxRow {
  id: string;
  kind: string;
  channel: 'email' | 'sms';
  recipient: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface DeliveryResult {
  id: string;
  kind: string;
  ok: boolean;
  error?: string;
}

export interface DispatchReport {
  claimed: number;
  sent: number;
  failed: number;
  /** A full batch was claimed: more may be due. */
  more: boolean;
  results: DeliveryResult[];
}

// Longer than one send can take (providers time out after 15 s), so a live send keeps its row.
const LEASE_SECONDS = 120;

async function deliver(row: OutboxRow, siteUrl: string, restaurant: RestaurantIdentity) {
  if (row.channel === 'sms')
    return sendSms({
      to: row.recipient,
      body: renderSms(row.kind, row.payload ?? {}, restaurant),
      idempotencyKey: row.id,
    });
  const { subject, html, text } = renderNotification(row.kind, row.payload ?? {}, siteUrl, restaurant);
  // The outbox id as idempotency key: a row sent but not reported (crash, lost lease) is not delivered twice.
  return sendEmail({ to: row.recipient, subject, html, text, idempotencyKey: row.id });
}

async function deliverAndReport(
  db: SupabaseClient,
  row: OutboxRow,
  siteUrl: string,
  restaurant: RestaurantIdentity,
): Promise<DeliveryResult> {
  let result: DeliveryResult;
  let report: Record<string, unknown>;
  try {
    const sent = await deliver(row, siteUrl, restaurant);
    result = { id: row.id, kind: row.kind, ok: true };
    report = { p_id: row.id, p_ok: true, p_provider_message_id: sent.id, p_provider: sent.provider };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const provider = e instanceof MailerError ? e.provider : null;
    result = { id: row.id, kind: row.kind, ok: false, error: message };
    report = { p_id: row.id, p_ok: false, p_error: message.slice(0, 2000), p_provider: provider };
  }
  const { error } = await db.rpc('complete_notification', report);
  // Unreported, the row's lease runs out and it is claimed again; the idempotency key prevents a second copy.
  if (error) console.error(`complete_notification(${row.id}) failed: ${error.message}`);
  return result;
}

/**
 * Claims due messages and delivers them. `db` must act as the service role: claim_notifications and
 * complete_notification refuse everyone else (42501). The e-mails carry the restaurant's identity from
 * store_settings, read once per batch (or given by the caller); the defaults if it cannot be read.
 */
export async function dispatchDue(
  db: SupabaseClient,
  siteUrl: string,
  limit = 10,
  restaurant?: RestaurantIdentity,
): Promise<DispatchReport> {
  const { data, error } = await db.rpc('claim_notifications', { p_limit: limit, p_lease_seconds: LEASE_SECONDS });
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  const rows = (data ?? []) as OutboxRow[];
  const identity = restaurant ?? (rows.length > 0 ? await loadRestaurant(db) : undefined) ?? RESTAURANT;
  const results = await Promise.all(rows.map((row) => deliverAndReport(db, row, siteUrl, identity)));
  const sent = results.filter((r) => r.ok).length;
  return { claimed: rows.length, sent, failed: rows.length - sent, more: rows.length === limit, results };
}

/**
 * Delivers one queued message now (order confirmation or status e-mail) by running the dispatcher until the
 * row has left the queue or is waiting for a retry; returns the row as it ends up.
 */
export async function deliverNow(db: SupabaseClient, outboxId: string, siteUrl: string) {
  const restaurant = await loadRestaurant(db);
  for (let round = 0; round < 5; round++) {
    const report = await dispatchDue(db, siteUrl, 20, restaurant);
    if (report.results.some((r) => r.id === outboxId) || !report.more) break;
  }
  const { data, error } = await db
    .from('notification_outbox')
    .select('id, kind, status, attempts, last_error, sent_at, next_attempt_at')
    .eq('id', outboxId)
    .single();
  if (error) throw new Error(error.message);
  return data as QueuedRow;
}
