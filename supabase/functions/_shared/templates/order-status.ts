import { escapeHtml } from '../html.ts';
import { normaliseStatus, RESTAURANT, trackingFor, type RestaurantIdentity } from '../restaurant.ts';
import { button, COLOURS, heading, layout, orderPageUrl, paragraph, type Rendered } from './layout.ts';
import { orderFacts, orderNumberOf, type OrderPayload } from './order-confirmation.ts';

/** The status e-mail of an order the customer cancelled on its page: their own act, not a refusal. */
export const CANCELLED_BY_CUSTOMER =
  'Vous avez annulé cette commande avant que le restaurant ne l’accepte : elle ne sera pas préparée.';

export function renderOrderStatus(
  o: OrderPayload,
  siteUrl: string,
  restaurant: RestaurantIdentity = RESTAURANT,
): Rendered {
  const number = orderNumberOf(o);
  const link = orderPageUrl(siteUrl, o.order_id, number);
  const status = normaliseStatus(o.status);
  const known = status ? trackingFor(status, o.delivery_method) : { label: String(o.status ?? ''), description: '' };
  const tracking =
    status === 'Annulée' && o.cancelled_by_customer === true
      ? { label: known.label, description: CANCELLED_BY_CUSTOMER }
      : known;
  const name = o.customer_name ? ` ${o.customer_name}` : '';
  const details = orderFacts(o, restaurant);
  const ready = o.ready_text && status !== 'Annulée' ? String(o.ready_text) : '';
  const reason = status === 'Annulée' && o.refusal_reason ? `Motif : ${o.refusal_reason}` : '';
  const subject = `Commande n° ${number} : ${tracking.label}${ready ? ` — ${ready}` : ''}`;
  const { html, text } = layout({
    siteUrl,
    restaurant,
    preheader: subject,
    contentHtml: [
      heading(tracking.label),
      paragraph(
        `Bonjour${escapeHtml(name)},<br>votre commande n° <strong>${escapeHtml(number)}</strong> est maintenant : <strong style="color:${COLOURS.flame};">${escapeHtml(tracking.label)}</strong>.`,
      ),
      ready ? paragraph(`<strong style="font-size:18px;">${escapeHtml(ready)}</strong>`) : '',
      reason ? paragraph(`<strong>${escapeHtml(reason)}</strong>`) : '',
      tracking.description ? paragraph(escapeHtml(tracking.description)) : '',
      details.html,
      button(link, 'Suivre ma commande'),
      paragraph(
        `Une question ? Appelez-nous au <a href="tel:${escapeHtml(restaurant.phone)}" style="color:${COLOURS.flame};">${escapeHtml(restaurant.phoneDisplay)}</a>.`,
      ),
    ].join('\n'),
    contentText: `${tracking.label}\n\nBonjour${name},\nvotre commande n° ${number} est maintenant : ${tracking.label}.\n${ready ? `${ready}\n` : ''}${reason ? `${reason}\n` : ''}${tracking.description}\n\n${details.text}\n\nSuivre ma commande : ${link}\nUne question ? ${restaurant.phoneDisplay}`,
  });
  return { subject, html, text };
}
