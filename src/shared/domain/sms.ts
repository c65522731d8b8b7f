import { ORDER_STATUS_INFO, normaliseStatus, type SmsTemplateKey } from './order-status.js';

/**
 * The template a status suggests in the admin SMS dialog, or null when that status has none. The texts are the
 * admin's catalogue (src/admin/i18n/sms-templates.ts): French, as the customer reads them.
 */
export function smsTemplateFor(status: unknown): SmsTemplateKey | null {
  const s = normaliseStatus(status);
  return (s ? ORDER_STATUS_INFO[s].sms : undefined) ?? null;
}

/** An SMS needs the customer's phone and a text that is not blank; null means it can be sent. */
export function smsProblem(phone: string | null | undefined, text: string): 'no_phone' | 'empty_text' | null {
  if (!phone?.trim()) return 'no_phone';
  if (!text.trim()) return 'empty_text';
  return null;
}
