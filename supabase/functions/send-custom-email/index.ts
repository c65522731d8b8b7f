// Admin: one e-mail. {to, subject, message} from the order's notify dialog (plain text), or
// {recipientEmail, subject, htmlContent} from the promotions composer (the admin's HTML in the branded layout).
import { requireAdmin, serviceClient } from '../_shared/clients.ts';
import { HttpError, readJson, requiredEmail, requiredText, serveJson, siteUrl } from '../_shared/http.ts';
import { sendEmail } from '../_shared/mailer.ts';
import { loadRestaurant } from '../_shared/restaurant.ts';
import { renderPlainMessage, renderPromotion } from '../_shared/templates/index.ts';

serveJson(async (req) => {
  await requireAdmin(req);
  const body = await readJson(req);
  const subject = requiredText(body, 'subject', 300);
  let to: string;
  let email;
  if ('htmlContent' in body || 'recipientEmail' in body) {
    to = requiredEmail(body, 'recipientEmail');
    email = renderPromotion(
      subject,
      requiredText(body, 'htmlContent'),
      siteUrl(),
      await loadRestaurant(serviceClient()),
    );
  } else if ('message' in body || 'to' in body) {
    to = requiredEmail(body, 'to');
    email = renderPlainMessage(
      subject,
      requiredText(body, 'message'),
      siteUrl(),
      await loadRestaurant(serviceClient()),
    );
  } else {
    throw new HttpError(400, 'Envoyez {to, subject, message} ou {recipientEmail, subject, htmlContent}.');
  }
  const sent = await sendEmail({ to, subject: email.subject, html: email.html, text: email.text });
  return { success: true, id: sent.id, provider: sent.provider };
});
