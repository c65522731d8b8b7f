// Admin: a promotion from the promotions screen, one message per consenting address, so nobody sees the list.
// {subject, message, audience: 'all'} goes to every address that consented (promotion_audience(): account holders
// and guests, each inbox once); {subject, message, recipientEmails} to those of the listed addresses that consented,
// the others reported in `failed`. The message is plain text (escaped: markup typed in it arrives as text); each
// e-mail carries the recipient's own unsubscribe link and the List-Unsubscribe headers of RFC 2369 / RFC 8058.
import { callerClient, requireStaff, serviceClient } from '../_shared/clients.ts';
import { bearerToken, HttpError, readJson, requiredText, serveJson, siteUrl } from '../_shared/http.ts';
import { sendEmail } from '../_shared/mailer.ts';
import { loadRestaurant } from '../_shared/restaurant.ts';
import { renderPromotionMessage } from '../_shared/templates/index.ts';
import { inboxKey, unsubscribeHeaders, unsubscribePageUrl } from '../_shared/unsubscribe.ts';

export const MAX_RECIPIENTS = 1000;
const PARALLEL = 5;

interface Consenting {
  email: string;
  unsubscribe_token: string;
}

serveJson(async (req) => {
  await requireStaff(req, 'manager');
  const body = await readJson(req);
  const all = body.audience === 'all';
  const list = Array.isArray(body.recipientEmails) ? (body.recipientEmails as unknown[]) : null;
  if (!all && (!list || list.length === 0))
    throw new HttpError(400, 'Envoyez "audience": "all" ou une liste "recipientEmails" non vide.');
  if (list && list.length > MAX_RECIPIENTS)
    throw new HttpError(400, `Trop de destinataires : ${list.length} (maximum ${MAX_RECIPIENTS} par envoi).`);
  const subject = requiredText(body, 'subject', 300);
  const message = requiredText(body, 'message', 20_000);

  // The audience as the admin may read it (promotion_audience calls require_admin).
  const { data, error } = await callerClient(bearerToken(req)!).rpc('promotion_audience');
  if (error) throw new HttpError(502, `Impossible de lire les destinataires : ${error.message}`);
  const consenting = new Map<string, Consenting>();
  for (const c of (data ?? []) as Consenting[]) consenting.set(inboxKey(c.email), c);

  const failed: { email: string; error: string }[] = [];
  const queue: Consenting[] = [];
  if (all) {
    queue.push(...consenting.values());
  } else {
    const seen = new Set<string>();
    for (const raw of list ?? []) {
      const address = typeof raw === 'string' ? raw.trim() : '';
      const c = consenting.get(inboxKey(address));
      if (!c) {
        failed.push({ email: String(raw), error: 'Pas de consentement aux offres' });
        continue;
      }
      if (seen.has(inboxKey(address))) continue;
      seen.add(inboxKey(address));
      queue.push(c);
    }
  }
  if (queue.length > MAX_RECIPIENTS)
    throw new HttpError(400, `Trop de destinataires : ${queue.length} (maximum ${MAX_RECIPIENTS} par envoi).`);

  // One read of the restaurant's identity for the whole batch.
  const restaurant = await loadRestaurant(serviceClient());
  let sent = 0;
  const worker = async () => {
    for (let to = queue.shift(); to !== undefined; to = queue.shift()) {
      try {
        const email = renderPromotionMessage(
          subject,
          message,
          siteUrl(),
          unsubscribePageUrl(to.unsubscribe_token),
          restaurant,
        );
        await sendEmail({
          to: to.email,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: unsubscribeHeaders(to.unsubscribe_token),
        });
        sent++;
      } catch (e) {
        failed.push({ email: to.email, error: e instanceof Error ? e.message : String(e) });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { sent, failed };
});
