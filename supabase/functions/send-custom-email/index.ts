// Admin: one e-mail {to, subject, message} from the order's notify dialog (plain text, escaped). Promotions go
// through send-bulk-email only: to consenting addresses, with their unsubscribe link.
import { requireAdmin, serviceClient } from '../_shared/clients.ts';
import { HttpError, readJson, requiredEmail, requiredText, serveJson, siteUrl } from '../_shared/http.ts';
import { sendEmail } from '../_shared/mailer.ts';
import { loadRestaurant } from '../_shared/restaurant.ts';
import { renderPlainMessage } from '../_shared/templates/index.ts';

serveJson(async (req) => {
  await requireAdmin(req);
  const body = await readJson(req);
  if ('htmlContent' in body || 'recipientEmail' in body)
    throw new HttpError(
      400,
      'Les promotions partent de send-bulk-email (adresses consentantes, lien de désinscription).',
    );
  if (!('message' in body || 'to' in body)) throw new HttpError(400, 'Envoyez {to, subject, message}.');
  const subject = requiredText(body, 'subject', 300);
  const to = requiredEmail(body, 'to');
  const email = renderPlainMessage(
    subject,
    requiredText(body, 'message'),
    siteUrl(),
    await loadRestaurant(serviceClient()),
  );
  const sent = await sendEmail({ to, subject: email.subject, html: email.html, text: email.text });
  return { success: true, id: sent.id, provider: sent.provider };
});
