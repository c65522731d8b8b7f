import type { Db } from '../db/index.js';
import { MailError } from './types.js';

export interface OutboxEntry {
  kind: 'email' | 'sms';
  recipients: string[];
  subject: string | null;
  html: string | null;
  body: string | null;
  sender: string | null;
  idempotencyKey?: string;
}

/** Captures a message in _mailbox.messages (shown on /_mailbox); the same idempotency key is one message. */
export async function saveToOutbox(db: Db, m: OutboxEntry): Promise<string> {
  try {
    return await insert(db, m);
  } catch (e) {
    throw new MailError(
      `outbox: cannot store the ${m.kind === 'sms' ? 'SMS' : 'e-mail'} (${(e as Error).message})`,
      'outbox',
      true,
    );
  }
}

async function insert(db: Db, m: OutboxEntry): Promise<string> {
  const inserted = await db.query<{ id: string }>(
    `insert into _mailbox.messages (kind, recipients, subject, html, body, sender, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (idempotency_key) do nothing
     returning id::text as id`,
    [m.kind, m.recipients, m.subject, m.html, m.body, m.sender, m.idempotencyKey ?? null],
  );
  if (inserted.rows.length > 0) return inserted.rows[0].id;
  const existing = await db.query<{ id: string }>(
    `select id::text as id from _mailbox.messages where idempotency_key = $1`,
    [m.idempotencyKey],
  );
  return existing.rows[0].id;
}
