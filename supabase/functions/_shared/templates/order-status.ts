import { escapeHtml } from '../html.ts';
import { normaliseStatus, RESTAURANT, TRACKING } from '../restaurant.ts';
import { button, COLOURS, heading, layout, paragraph, trackingUrl, type Rendered } from './layout.ts';
import { orderFacts, orderNumberOf, type OrderPayload } from './order-confirmation.ts';

export function renderOrderStatus(o: OrderPayload, siteUrl: string): Rendered {
  const number = orderNumberOf(o);
  const link = trackingUrl(siteUrl, number);
  const status = normaliseStatus(o.status);
  const tracking = status ? TRACKING[status] : { label: String(o.status ?? ''), description: '' };
  const name = o.customer_name ? ` ${o.customer_name}` : '';
  const details = orderFacts(o);
  const { html, text } = layout({
    siteUrl,
    preheader: `Commande n° ${number} : ${tracking.label}`,
    contentHtml: [
      heading(tracking.label),
      paragraph(`Bonjour${escapeHtml(name)},<br>votre commande n° <strong>${escapeHtml(number)}</strong> est maintenant : <strong style="color:${COLOURS.flame};">${escapeHtml(tracking.label)}</strong>.`),
      tracking.description ? paragraph(escapeHtml(tracking.description)) : '',
      details.html,
      button(link, 'Suivre ma commande'),
      paragraph(`Une question ? Appelez-nous au <a href="tel:${RESTAURANT.phone}" style="color:${COLOURS.flame};">${escapeHtml(RESTAURANT.phoneDisplay)}</a>.`),
    ].join('\n'),
    contentText: `${tracking.label}\n\nBonjour${name},\nvotre commande n° ${number} est maintenant : ${tracking.label}.\n${tracking.description}\n\n${details.text}\n\nSuivre ma commande : ${link}\nUne question ? ${RESTAURANT.phoneDisplay}`,
  });
  return { subject: `Commande n° ${number} : ${tracking.label}`, html, text };
}
