import type { Db } from '../db/index.js';

/**
 * How many messages one inbox or phone may receive, whoever causes them: the product's rate limits
 * (`public.rate_limits`, buckets `email_recipient` and `sms_recipient`, 10 an hour). An e-mail address is
 * counted as its provider delivers it (`public.email_recipient_key`: case, +tags, Gmail's dots), the
 * same key the order and reservation e-mails of the notification outbox count under, so a confirmation
 * link, an order confirmation and a reservation acknowledgement to one inbox all add up. A phone number
 * is counted in E.164, as the mailer normalised it.
 *
 * A database without these functions (the REST and realtime tests' fixture schemas), or none at all (a
 * mailer made for a provider's own tests), limits nothing.
 */
const available = new WeakMap<Db, Promise<boolean>>();

function hasLimits(db: Db): Promise<boolean> {
  let p = available.get(db);
  if (!p) {
    p = db
      .query<{ ok: boolean }>(
        `select to_regprocedure('public.hit_rate_limit(text,text)') is not null
            and to_regprocedure('public.email_recipient_key(text)') is not null as ok`,
      )
      .then((r) => r.rows[0]?.ok === true)
      .catch(() => false);
    available.set(db, p);
  }
  return p;
}

/** Counts one message to `recipient`; true when it is over the limit (the message must not be sent). */
export async function recipientOverLimit(db: Db | null, kind: 'email' | 'sms', recipient: string): Promise<boolean> {
  if (!db || !(await hasLimits(db))) return false;
  const r = await db.query<{ over: boolean }>(
    kind === 'email'
      ? `select public.hit_rate_limit('email_recipient', public.email_recipient_key($1)) as over`
      : `select public.hit_rate_limit('sms_recipient', $1) as over`,
    [recipient],
  );
  return r.rows[0]?.over === true;
}
