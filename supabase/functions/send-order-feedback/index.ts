// Admin: a message to a customer about their order or reservation ({to, subject, html}, spec §7).
// Not an open relay: `to` must be the e-mail of an order or a reservation in the database.
import { requireAdmin, serviceClient } from '../_shared/clients.ts';
import { HttpError, readJson, requiredEmail, requiredText, serveJson, siteUrl } from '../_shared/http.ts';
import { sendEmail } from '../_shared/mailer.ts';
import { loadRestaurant } from '../_shared/restaurant.ts';
import { renderPromotion } from '../_shared/templates/index.ts';

async function isCustomer(email: string): Promise<boolean> {
  const db = serviceClient();
  for (const [table, column] of [
    ['orders', 'customer_email'],
    ['reservations', 'email'],
  ] as const) {
    const { count, error } = await db
      .from(table)
      .select('id', { count: 'exact', head: true })
      .ilike(column, email.replace(/([\\%_])/g, '\\$1'));
    if (error) throw new Error(error.message);
    if ((count ?? 0) > 0) return true;
  }
  return false;
}

serveJson(async (req) => {
  await requireAdmin(req);
  const body = await readJson(req);
  const to = requiredEmail(body, 'to');
  const subject = requiredText(body, 'subject', 300);
  const html = requiredText(body, 'html');
  if (!(await isCustomer(to))) throw new HttpError(403, `${to} n'est le client d'aucune commande ni réservation.`);
  const email = renderPromotion(subject, html, siteUrl(), await loadRestaurant(serviceClient()));
  const sent = await sendEmail({ to, subject: email.subject, html: email.html, text: email.text });
  return { success: true, id: sent.id, provider: sent.provider };
});
