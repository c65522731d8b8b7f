import { escapeHtml } from '../html.ts';
import { euros, formatDateFr, formatDateTimeFr, formatEuro, formatTimeFr, multiplyEuros } from '../format.ts';

/** « HH:MM » of an instant on the restaurant's clock; null when unreadable. */
function restaurantTime(instant: string, timeZone?: string): string | null {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return null;
  return formatDateTimeFr(at, timeZone).slice(-5);
}

/**
 * For an order for now that the restaurant has not yet given a time: its own estimate (the slot place_order
 * counted the order in, from the counter's default preparation time), never a fixed « 30 à 60 minutes »; without
 * one, that the time comes with the acceptance.
 */
export function estimateText(o: OrderPayload, timeZone?: string): string {
  const then = 'Le restaurant vous confirmera l’heure dès qu’il acceptera votre commande.';
  const from = o.slot_start ? restaurantTime(o.slot_start, timeZone) : null;
  if (!from) return then;
  const to = restaurantTime(new Date(new Date(o.slot_start!).getTime() + 15 * 60_000).toISOString(), timeZone);
  const what = o.delivery_method === 'delivery' ? 'livraison' : 'prête';
  return `Estimation du restaurant : ${what} entre ${from} et ${to}. ${then}`;
}
import { DELIVERY_LABELS, PAYMENT_LABELS, RESTAURANT, type RestaurantIdentity } from '../restaurant.ts';
import { button, COLOURS, facts, FONT, heading, layout, orderPageUrl, paragraph, type Rendered } from './layout.ts';

/** The order as notification payloads carry it (docs/NOTIFICATIONS.md). */
export interface OrderPayload {
  order_id?: string;
  order_number?: string;
  status?: string;
  previous_status?: string;
  created_at?: string;
  customer_name?: string;
  customer_phone?: string;
  delivery_method?: string;
  payment_method?: string;
  customer_address?: string | null;
  customer_postal_code?: string | null;
  customer_city?: string | null;
  is_preorder?: boolean;
  preorder_date?: string | null;
  preorder_time?: string | null;
  order_items?: { name?: string; quantity?: number; price?: number; options?: { name?: string; price?: number }[] }[];
  total_price?: number;
  delivery_fee?: number | null;
  discount_amount?: number;
  discount_percentage?: number;
  grand_total?: number;
  notes?: string | null;
  /** Set once the restaurant accepted the order: "Prête vers 19:45" / "Livraison prévue vers 19:45". */
  ready_text?: string | null;
  /** Why the restaurant refused the order (status Annulée). */
  refusal_reason?: string | null;
  /** The customer cancelled it themselves before the restaurant accepted it (status Annulée). */
  cancelled_by_customer?: boolean;
  /**
   * The 15-minute slot place_order counted the order in: for an order for now, the counter's default preparation
   * time from the moment it was placed. The confirmation gives it as the restaurant's estimate when the payload
   * carries it.
   */
  slot_start?: string | null;
}

export const orderNumberOf = (o: OrderPayload) => String(o.order_number ?? String(o.order_id ?? '').slice(0, 8));

function itemLines(o: OrderPayload): { html: string; text: string } {
  const items = Array.isArray(o.order_items) ? o.order_items : [];
  const rows: string[] = [];
  const lines: string[] = [];
  for (const item of items) {
    const quantity = Number(item?.quantity) || 1;
    const options = Array.isArray(item?.options) ? item.options : [];
    const optionText = options.map((op) =>
      euros(op?.price) > 0 ? `${op?.name ?? ''} (+${formatEuro(euros(op?.price))})` : String(op?.name ?? ''),
    );
    // A line costs its unit price plus its options, times the quantity (as the cart and the ticket count it).
    const unit =
      options.reduce((sum, op) => sum + Math.round(euros(op?.price) * 100), Math.round(euros(item?.price) * 100)) / 100;
    const lineTotal = formatEuro(multiplyEuros(unit, quantity));
    rows.push(`<tr><td style="${FONT}font-size:15px;color:${COLOURS.text};padding:8px 8px 8px 0;border-bottom:1px solid ${COLOURS.line};vertical-align:top;">
<strong>${quantity} × ${escapeHtml(item?.name)}</strong>${optionText.length ? `<br><span style="font-size:13px;color:${COLOURS.muted};">${optionText.map(escapeHtml).join(', ')}</span>` : ''}
</td><td align="right" style="${FONT}font-size:15px;color:${COLOURS.text};padding:8px 0;border-bottom:1px solid ${COLOURS.line};vertical-align:top;white-space:nowrap;">${escapeHtml(lineTotal)}</td></tr>`);
    lines.push(
      `${quantity} x ${item?.name ?? ''} — ${lineTotal}${optionText.length ? `\n    ${optionText.join(', ')}` : ''}`,
    );
  }
  const totals: [string, string, boolean][] = [['Sous-total', formatEuro(euros(o.total_price)), false]];
  if (o.delivery_method === 'delivery') totals.push(['Frais de livraison', formatEuro(euros(o.delivery_fee)), false]);
  if (euros(o.discount_amount) > 0)
    totals.push([`Remise (${euros(o.discount_percentage)} %)`, `-${formatEuro(euros(o.discount_amount))}`, false]);
  totals.push(['Total', formatEuro(euros(o.grand_total)), true]);
  for (const [label, value, strong] of totals) {
    const weight = strong ? 'font-weight:bold;font-size:17px;' : 'font-size:15px;';
    rows.push(
      `<tr><td align="right" style="${FONT}${weight}color:${COLOURS.text};padding:6px 8px 0 0;">${escapeHtml(label)}</td><td align="right" style="${FONT}${weight}color:${COLOURS.text};padding:6px 0 0;white-space:nowrap;">${escapeHtml(value)}</td></tr>`,
    );
    lines.push(`${label} : ${value}`);
  }
  return {
    html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;">${rows.join('\n')}</table>`,
    text: lines.join('\n'),
  };
}

/** Delivery or pickup, pre-order, payment: the facts block shared by order e-mails. */
export function orderFacts(
  o: OrderPayload,
  restaurant: RestaurantIdentity = RESTAURANT,
): { html: string; text: string } {
  const rows: [string, string][] = [['Commande', `n° ${orderNumberOf(o)}`]];
  if (o.created_at) rows.push(['Passée le', formatDateTimeFr(o.created_at, restaurant.timeZone)]);
  if (o.delivery_method === 'delivery') {
    const address = [o.customer_address, [o.customer_postal_code, o.customer_city].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    rows.push(['Mode', DELIVERY_LABELS.delivery], ['Adresse de livraison', address]);
  } else {
    rows.push(['Mode', DELIVERY_LABELS.pickup], ['À retirer au', `${restaurant.name}, ${restaurant.address}`]);
  }
  if (o.is_preorder && o.preorder_date) {
    rows.push([
      'Précommande pour le',
      `${formatDateFr(o.preorder_date)}${o.preorder_time ? ` à ${formatTimeFr(o.preorder_time)}` : ''}`,
    ]);
  }
  rows.push(['Paiement', PAYMENT_LABELS[String(o.payment_method)] ?? String(o.payment_method ?? '')]);
  if (o.notes) rows.push(['Remarques', String(o.notes)]);
  return {
    html: facts(rows.map(([label, value]) => [label, escapeHtml(value).replace(/\r?\n/g, '<br>')])),
    text: rows.map(([label, value]) => `${label} : ${value}`).join('\n'),
  };
}

export function renderOrderConfirmation(
  o: OrderPayload,
  siteUrl: string,
  restaurant: RestaurantIdentity = RESTAURANT,
): Rendered {
  const number = orderNumberOf(o);
  const link = orderPageUrl(siteUrl, o.order_id, number);
  const name = o.customer_name ? ` ${o.customer_name}` : '';
  const when = o.ready_text
    ? `${o.ready_text}.`
    : o.is_preorder && o.preorder_date
      ? `Nous la préparerons pour le ${formatDateFr(o.preorder_date)}${o.preorder_time ? ` à ${formatTimeFr(o.preorder_time)}` : ''}.`
      : estimateText(o, restaurant.timeZone);
  const details = orderFacts(o, restaurant);
  const items = itemLines(o);
  const { html, text } = layout({
    siteUrl,
    restaurant,
    preheader: `Commande n° ${number} bien reçue — ${formatEuro(euros(o.grand_total))}`,
    contentHtml: [
      heading('Merci pour votre commande !'),
      paragraph(
        `Bonjour${escapeHtml(name)},<br>nous avons bien reçu votre commande n° <strong>${escapeHtml(number)}</strong>. ${escapeHtml(when)}`,
      ),
      details.html,
      items.html,
      button(link, 'Suivre ma commande'),
      paragraph(
        `<span style="font-size:13px;color:${COLOURS.muted};">Ou copiez ce lien : <a href="${escapeHtml(link)}" style="color:${COLOURS.flame};">${escapeHtml(link)}</a></span>`,
      ),
    ].join('\n'),
    contentText: `Merci pour votre commande !\n\nBonjour${name},\nnous avons bien reçu votre commande n° ${number}. ${when}\n\n${details.text}\n\n${items.text}\n\nSuivre ma commande : ${link}`,
  });
  return { subject: `Confirmation de votre commande n° ${number} — ${restaurant.name}`, html, text };
}
