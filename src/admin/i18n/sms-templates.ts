import type { DeliveryMethod } from '../../shared/domain/delivery-method.js';
import { orderNumber } from '../../shared/domain/order.js';
import type { SmsTemplateKey } from '../../shared/domain/order-status.js';
import { smsTemplateFor } from '../../shared/domain/sms.js';

/**
 * The SMS the order's dialog offers to send (« Modèles »): French in both admin languages, since the customer
 * reads them; plain words, one SMS segment where possible. The SMS the outbox sends by itself (accepted,
 * refused, ready, reservations) are supabase/functions/_shared/templates/sms.ts.
 */
export interface SmsContext {
  orderId: string;
  restaurantName: string;
  deliveryMethod: DeliveryMethod;
}

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

/** The text a status suggests when the dialog opens, or null when that status has none. */
export function smsForStatus(status: unknown, ctx: SmsContext): string | null {
  const key = smsTemplateFor(status);
  return key ? smsText(key, ctx) : null;
}
