import { escapeHtml } from '../html.ts';
import { formatLongDateFr, formatTimeFr } from '../format.ts';
import { RESTAURANT, type RestaurantIdentity } from '../restaurant.ts';
import { COLOURS, facts, heading, layout, paragraph, type Rendered } from './layout.ts';

export interface ReservationPayload {
  name?: string;
  phone?: string;
  reservation_date?: string;
  reservation_time?: string;
  people?: string;
  message?: string | null;
}

export function renderReservationReceived(
  r: ReservationPayload,
  siteUrl: string,
  restaurant: RestaurantIdentity = RESTAURANT,
): Rendered {
  const date = formatLongDateFr(String(r.reservation_date ?? ''));
  const time = formatTimeFr(String(r.reservation_time ?? ''));
  const people = r.people === '1' ? '1 personne' : `${r.people ?? ''} personnes`;
  const rows: [string, string][] = [
    ['Date', date],
    ['Heure', time],
    ['Personnes', people],
    ['Téléphone', String(r.phone ?? '')],
  ];
  if (r.message) rows.push(['Message', String(r.message)]);
  const { html, text } = layout({
    siteUrl,
    restaurant,
    preheader: `Demande de réservation pour le ${date} à ${time}`,
    contentHtml: [
      heading('Nous avons bien reçu votre demande de réservation'),
      paragraph(
        `Bonjour ${escapeHtml(r.name ?? '')},<br>merci d'avoir choisi ${escapeHtml(restaurant.name)}. Voici votre demande :`,
      ),
      facts(rows.map(([label, value]) => [label, escapeHtml(value).replace(/\r?\n/g, '<br>')])),
      paragraph(
        `<strong>Nous vous confirmerons votre table très bientôt</strong>, par téléphone ou par e-mail. Votre réservation n'est définitive qu'après notre confirmation.`,
      ),
      paragraph(
        `Pour toute modification, appelez-nous au <a href="tel:${escapeHtml(restaurant.phone)}" style="color:${COLOURS.flame};">${escapeHtml(restaurant.phoneDisplay)}</a>.`,
      ),
    ].join('\n'),
    contentText: `Nous avons bien reçu votre demande de réservation\n\nBonjour ${r.name ?? ''},\nmerci d'avoir choisi ${restaurant.name}. Voici votre demande :\n\n${rows.map(([l, v]) => `${l} : ${v}`).join('\n')}\n\nNous vous confirmerons votre table très bientôt, par téléphone ou par e-mail. Votre réservation n'est définitive qu'après notre confirmation.\nPour toute modification : ${restaurant.phoneDisplay}`,
  });
  return { subject: `Votre demande de réservation du ${date} — ${restaurant.name}`, html, text };
}
