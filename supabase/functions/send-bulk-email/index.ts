// Admin: the promotions composer to many customers; one message per recipient, so nobody sees the list.
import { requireAdmin, serviceClient } from '../_shared/clients.ts';
import { HttpError, isEmail, readJson, requiredText, serveJson, siteUrl } from '../_shared/http.ts';
import { sendEmail } from '../_shared/mailer.ts';
import { loadRestaurant } from '../_shared/restaurant.ts';
import { renderPromotion } from '../_shared/templates/index.ts';

export const MAX_RECIPIENTS = 1000;
const PARALLEL = 5;

serveJson(async (req) => {
  await requireAdmin(req);
  const body = await readJson(req);
  const list = body.recipientEmails;
  if (!Array.isArray(list) || list.length === 0)
    throw new HttpError(400, 'Le champ "recipientEmails" doit être une liste d\'adresses non vide.');
  if (list.length > MAX_RECIPIENTS)
    throw new HttpError(400, `Trop de destinataires : ${list.length} (maximum ${MAX_RECIPIENTS} par envoi).`);
  const subject = requiredText(body, 'subject', 300);
  // One read of the restaurant's identity for the whole batch.
  const email = renderPromotion(
    subject,
    requiredText(body, 'htmlContent'),
    siteUrl(),
    await loadRestaurant(serviceClient()),
  );

  const failed: { email: string; error: string }[] = [];
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const raw of list) {
    const address = typeof raw === 'string' ? raw.trim() : '';
    if (!isEmail(address)) {
      failed.push({ email: String(raw), error: 'Adresse e-mail invalide' });
      continue;
    }
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    queue.push(address);
  }
  let sent = 0;
  const worker = async () => {
    for (let to = queue.shift(); to !== undefined; to = queue.shift()) {
      try {
        await sendEmail({ to, subject: email.subject, html: email.html, text: email.text });
        sent++;
      } catch (e) {
        failed.push({ email: to, error: e instanceof Error ? e.message : String(e) });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { sent, failed };
});
