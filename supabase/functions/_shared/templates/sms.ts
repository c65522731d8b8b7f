import { formatDateFr, formatTimeFr } from '../format.ts';
import { RESTAURANT, type RestaurantIdentity } from '../restaurant.ts';
import { orderNumberOf, type OrderPayload } from './order-confirmation.ts';

/** One SMS: 160 characters is one message on every network. */
export const SMS_MAX_LENGTH = 160;

export interface ReservationStatusPayload {
  name?: string;
  reservation_date?: string;
  reservation_time?: string;
  people?: string;
  status?: string;
  cancel_reason?: string | null;
}

const oneLine = (v: unknown) =>
  String(v ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/** « Motif : … » as a sentence: its own final stop kept, one added otherwise. */
const motif = (reason: string) => (reason ? ` Motif : ${reason}${/[.!?]$/.test(reason) ? '' : '.'}` : '');

/**
 * The text with the free part (a reason) shortened until the whole fits one SMS; the fixed part is
 * written to leave room for it. A reason that does not fit ends with "...".
 */
function fit(build: (free: string) => string, free: string): string {
  let text = build(free);
  if (text.length <= SMS_MAX_LENGTH) return text;
  const room = SMS_MAX_LENGTH - (build('x').length - 1) - 3;
  text = room > 0 ? build(`${free.slice(0, room).trimEnd()}...`) : build('');
  return text.length <= SMS_MAX_LENGTH ? text : `${text.slice(0, SMS_MAX_LENGTH - 3)}...`;
}

/** The SMS to a customer without an e-mail about their own order: accepted, refused or ready. */
export function renderOrderSms(o: OrderPayload & { sms_event?: string }, restaurant: RestaurantIdentity = RESTAURANT) {
  const from = restaurant.name;
  const number = orderNumberOf(o);
  switch (o.sms_event) {
    case 'accepted': {
      const ready = oneLine(o.ready_text);
      return fit(
        () =>
          `${from} : votre commande ${number} est acceptée.${ready ? ` ${ready}.` : ''} Tél. ${restaurant.phoneDisplay}`,
        '',
      );
    }
    case 'refused': {
      const reason = oneLine(o.refusal_reason);
      return fit(
        (r) => `${from} : désolés, votre commande ${number} est refusée.${motif(r)} Tél. ${restaurant.phoneDisplay}`,
        reason,
      );
    }
    case 'ready':
      return fit(
        () =>
          o.delivery_method === 'delivery'
            ? `${from} : votre commande ${number} est prête et part en livraison. Bon appétit !`
            : `${from} : votre commande ${number} est prête, vous pouvez venir la chercher. À tout de suite !`,
        '',
      );
    default:
      throw new Error(`No SMS for order event "${String(o.sms_event)}"`);
  }
}

/** The SMS to a guest when the restaurant confirms or cancels the table. */
export function renderReservationSms(r: ReservationStatusPayload, restaurant: RestaurantIdentity = RESTAURANT) {
  const when = `${formatDateFr(String(r.reservation_date ?? '')).slice(0, 5)} à ${formatTimeFr(String(r.reservation_time ?? ''))}`;
  if (r.status === 'Confirmée')
    return fit(
      () => `${restaurant.name} : votre table du ${when} (${oneLine(r.people)} pers.) est confirmée. À bientôt !`,
      '',
    );
  if (r.status === 'Annulée')
    return fit(
      (reason) =>
        `${restaurant.name} : désolés, votre réservation du ${when} est annulée.${motif(reason)} Tél. ${restaurant.phoneDisplay}`,
      oneLine(r.cancel_reason),
    );
  throw new Error(`No SMS for reservation status "${String(r.status)}"`);
}

/** The SMS text of an outbox row: its template, or the text stored with it (messages queued by hand). */
export function renderSms(kind: string, payload: Record<string, unknown>, restaurant?: RestaurantIdentity): string {
  if (typeof payload.body === 'string' && payload.body.trim()) return payload.body;
  switch (kind) {
    case 'order_status':
      return renderOrderSms(payload as OrderPayload, restaurant);
    case 'reservation_status':
      return renderReservationSms(payload as ReservationStatusPayload, restaurant);
    default:
      throw new Error(`No SMS template for notification kind "${kind}"`);
  }
}
