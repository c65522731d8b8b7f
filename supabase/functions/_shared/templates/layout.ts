import { escapeHtml } from '../html.ts';
import { RESTAURANT, type RestaurantIdentity } from '../restaurant.ts';

// Table-based with inline styles: Gmail and Outlook drop <style> blocks and ignore flex/grid.
export const COLOURS = {
  charcoal: '#1c1512',
  text: '#2a201b',
  muted: '#7a675b',
  flame: '#c2440c',
  cream: '#fffaf2',
  line: '#f3e2c6',
};
export const FONT = 'font-family:Arial,Helvetica,sans-serif;';

export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

export interface LayoutInput {
  siteUrl: string;
  /** Shown by inboxes after the subject; plain text. */
  preheader: string;
  /** HTML of the message's content, already escaped. */
  contentHtml: string;
  contentText: string;
  /** The restaurant as stored in the settings; the installed defaults when absent. */
  restaurant?: RestaurantIdentity;
}

const site = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** The branded e-mail: logo and name on top, content on a white card, address and phone below. */
export function layout({ siteUrl, preheader, contentHtml, contentText, restaurant = RESTAURANT }: LayoutInput): {
  html: string;
  text: string;
} {
  const base = site(siteUrl);
  const logo = `${base}/icons/icon-192.png`;
  const html = `<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(restaurant.name)}</title></head>
<body style="margin:0;padding:0;background:${COLOURS.cream};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLOURS.cream};">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid ${COLOURS.line};border-radius:8px;">
<tr><td style="background:${COLOURS.charcoal};border-radius:8px 8px 0 0;padding:16px 24px;" align="left">
<a href="${escapeHtml(base)}/" style="text-decoration:none;"><img src="${escapeHtml(logo)}" width="48" height="48" alt="" style="vertical-align:middle;border:0;">
<span style="${FONT}font-size:20px;font-weight:bold;color:#fbf1e1;vertical-align:middle;padding-left:10px;">${escapeHtml(restaurant.name)}</span></a>
</td></tr>
<tr><td style="${FONT}font-size:16px;line-height:1.5;color:${COLOURS.text};padding:24px;">
${contentHtml}
</td></tr>
<tr><td style="${FONT}font-size:13px;line-height:1.5;color:${COLOURS.muted};padding:16px 24px;border-top:1px solid ${COLOURS.line};">
${escapeHtml(restaurant.name)} · ${escapeHtml(restaurant.address)}<br>
Tél. <a href="tel:${escapeHtml(restaurant.phone)}" style="color:${COLOURS.flame};">${escapeHtml(restaurant.phoneDisplay)}</a> ·
<a href="mailto:${escapeHtml(restaurant.email)}" style="color:${COLOURS.flame};">${escapeHtml(restaurant.email)}</a><br>
<a href="${escapeHtml(base)}/" style="color:${COLOURS.flame};">${escapeHtml(base.replace(/^https?:\/\//, ''))}</a>
</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
  const text = `${contentText.trim()}\n\n--\n${restaurant.name}\n${restaurant.address}\nTél. ${restaurant.phoneDisplay} · ${restaurant.email}\n${base}/\n`;
  return { html, text };
}

export function heading(text: string): string {
  return `<h1 style="${FONT}font-size:22px;line-height:1.3;color:${COLOURS.charcoal};margin:0 0 16px;">${escapeHtml(text)}</h1>`;
}

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;">${html}</p>`;
}

export function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;"><tr>
<td style="background:${COLOURS.flame};border-radius:6px;"><a href="${escapeHtml(href)}" style="${FONT}display:inline-block;padding:12px 20px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a></td>
</tr></table>`;
}

/** Label/value rows (values already escaped). */
export function facts(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="${FONT}font-size:14px;color:${COLOURS.muted};padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td><td style="${FONT}font-size:15px;color:${COLOURS.text};padding:4px 0;vertical-align:top;">${value}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">${cells}</table>`;
}

export function trackingUrl(siteUrl: string, orderNumber: string): string {
  return `${site(siteUrl)}/suivi-commande?id=${encodeURIComponent(orderNumber)}`;
}

/**
 * The order's own page, /commande/<full id>: the full id is what lets the page show the details (the number alone
 * does not). Without the id (an old payload), the tracking page with the number.
 */
export function orderPageUrl(siteUrl: string, orderId: unknown, orderNumber: string): string {
  return typeof orderId === 'string' && orderId.length >= 32
    ? `${site(siteUrl)}/commande/${encodeURIComponent(orderId)}`
    : trackingUrl(siteUrl, orderNumber);
}
