import { escapeHtml } from '../html.ts';
import { formatLongDateFr, formatTimeFr } from '../format.ts';
import { RESTAURANT, type RestaurantIdentity } from '../restaurant.ts';
import { COLOURS, facts, heading, layout, paragraph, type Rendered } from './layout.ts';
import type { ReservationStatusPayload } from './sms.ts';

/** The e-mail to a guest when the restaurant confirms or cancels the table (with its reason, if given). */
export function renderReservationStatus(
  r: ReservationStatusPayload & { phone?: string },
  siteUrl: string,
  restaurant: RestaurantIdentity = RESTAURANT,
): Rendered {
  const date = formatLongDateFr(String(r.reservation_date ?? ''));
  const time = formatTimeFr(String(r.reservation_time ?? ''));
  const people = r.people === '1' ? '1 personne' : `${r.people ?? ''} personnes`;
  const confirmed = r.status === 'Confirmée';
  const reason = !confirmed && r.cancel_reason ? `Motif : ${String(r.cancel_reason)}` : '';
  const title = confirmed ? 'Votre table est confirmée' : 'Votre réservation est annulée';
  const intro = confirmed
    ? `nous avons le plaisir de vous confirmer votre table. Nous vous attendons !`
    : `nous sommes désolés : nous ne pouvons pas vous recevoir à la date demandée et votre réservation est annulée.`;
  const rows: [string, string][] = [
    ['Date', date],
    ['Heure', time],
    ['Personnes', people],
  ];
  const call = confirmed ? 'Un empêchement ? Prévenez-nous au' : 'Pour choisir une autre date, appelez-nous au';
  const { html, text } = layout({
    siteUrl,
    restaurant,
    preheader: `${title} : ${date} à ${time}`,
    contentHtml: [
      heading(title),
      paragraph(`Bonjour ${escapeHtml(r.name ?? '')},<br>${escapeHtml(intro)}`),
      reason ? paragraph(`<strong>${escapeHtml(reason)}</strong>`) : '',
      facts(rows.map(([label, value]) => [label, escapeHtml(value)])),
      paragraph(
        `${escapeHtml(call)} <a href="tel:${escapeHtml(restaurant.phone)}" style="color:${COLOURS.flame};">${escapeHtml(restaurant.phoneDisplay)}</a>.`,
      ),
    ].join('\n'),
    contentText: `${title}\n\nBonjour ${r.name ?? ''},\n${intro}\n${reason ? `${reason}\n` : ''}\n${rows.map(([l, v]) => `${l} : ${v}`).join('\n')}\n\n${call} ${restaurant.phoneDisplay}.`,
  });
  const subject = confirmed
    ? `Votre table du ${date} à ${time} est confirmée — ${restaurant.name}`
    : `Votre réservation du ${date} est annulée — ${restaurant.name}`;
  return { subject, html, text };
}
