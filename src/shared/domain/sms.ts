import type { DeliveryMethod } from './delivery-method.js';
import { orderNumber } from './order.js';
import { ORDER_STATUS_INFO, normaliseStatus, type SmsTemplateKey } from './order-status.js';

export interface SmsContext {
  orderId: string;
  restaurantName: string;
  deliveryMethod: DeliveryMethod;
}

/** Plain ASCII-friendly French, one SMS segment where possible. */
export function smsText(key: SmsTemplateKey, ctx: SmsContext): string {
  const head = `${ctx.restaurantName} : votre commande n°${orderNumber(ctx.orderId)}`;
  switch (key) {
    case 'preparation':
      return `${head} est en préparation. Merci pour votre confiance !`;
    case 'ready':
      return ctx.deliveryMethod === 'pickup'
        ? `${head} est prête. Vous pouvez venir la chercher au restaurant.`
        : `${head} est prête et partira bientôt en livraison.`;
    case 'out_for_delivery':
      return `${head} est en cours de livraison. Elle arrive bientôt !`;
  }
}

/** The template a status suggests in the admin SMS dialog, or null when that status has none. */
export function smsForStatus(status: unknown, ctx: SmsContext): string | null {
  const s = normaliseStatus(status);
  const key = s ? ORDER_STATUS_INFO[s].sms : undefined;
  return key ? smsText(key, ctx) : null;
}

export const SMS_NO_PHONE_MESSAGE = "Impossible d'envoyer le SMS.";

/** An SMS needs the customer's phone and a text that is not blank; null means it can be sent. */
export function smsProblem(phone: string | null | undefined, text: string): 'no_phone' | 'empty_text' | null {
  if (!phone?.trim()) return 'no_phone';
  if (!text.trim()) return 'empty_text';
  return null;
}
