// Admin: an SMS to a customer (templates Préparation, Prête, En livraison are filled in by the admin app).
import { requireAdmin } from '../_shared/clients.ts';
import { HttpError, readJson, requiredText, serveJson } from '../_shared/http.ts';
import { sendSms } from '../_shared/mailer.ts';
import { toE164 } from '../_shared/phone.ts';

const MAX_SMS_CHARS = 1600;

serveJson(async (req) => {
  await requireAdmin(req);
  const body = await readJson(req);
  const to = requiredText(body, 'to', 40);
  const text = requiredText(body, 'body', MAX_SMS_CHARS);
  let phone: string;
  try {
    phone = toE164(to, (Deno.env.get('SMS_DEFAULT_COUNTRY_CODE') || '352').replace(/^\+/, ''));
  } catch (e) {
    throw new HttpError(400, `Numéro de téléphone invalide : ${to} (${(e as Error).message.replace(/^.*: /, '')})`);
  }
  const sent = await sendSms({ to: phone, body: text });
  return { success: true, to: phone, id: sent.id, provider: sent.provider };
});
