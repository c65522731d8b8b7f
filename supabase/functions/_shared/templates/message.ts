import { escapeHtml, htmlToText, plainTextToHtml } from '../html.ts';
import { RESTAURANT, type RestaurantIdentity } from '../restaurant.ts';
import { layout, type Rendered } from './layout.ts';

/**
 * The admin's own HTML (promotions, feedback) inside the branded layout. The admin is trusted to write
 * HTML (the spec's composer accepts it); only an admin can call the functions that use this.
 */
export function renderPromotion(
  subject: string,
  htmlContent: string,
  siteUrl: string,
  restaurant?: RestaurantIdentity,
): Rendered {
  const text = htmlToText(htmlContent);
  return {
    subject,
    ...layout({ siteUrl, restaurant, preheader: text.slice(0, 120), contentHtml: htmlContent, contentText: text }),
  };
}

/** The dashboard's notify dialog: plain text, escaped, newlines become line breaks. */
export function renderPlainMessage(
  subject: string,
  message: string,
  siteUrl: string,
  restaurant?: RestaurantIdentity,
): Rendered {
  return {
    subject,
    ...layout({
      siteUrl,
      restaurant,
      preheader: message.slice(0, 120),
      contentHtml: `<p style="margin:0 0 16px;">${plainTextToHtml(message)}</p>`,
      contentText: message,
    }),
  };
}

/**
 * A promotion from the promotions screen: the admin's text as typed, escaped (a `<script>` typed in it arrives as
 * text), newlines as line breaks, and below it the reason the customer receives it and their unsubscribe link
 * (one click, no sign-in).
 */
export function renderPromotionMessage(
  subject: string,
  message: string,
  siteUrl: string,
  unsubscribeUrl: string,
  restaurant?: RestaurantIdentity,
): Rendered {
  const name = (restaurant ?? RESTAURANT).name;
  const why = `Vous recevez cet e-mail parce que vous avez accepté de recevoir les offres de ${name}.`;
  return {
    subject,
    ...layout({
      siteUrl,
      restaurant,
      preheader: message.slice(0, 120),
      contentHtml:
        `<p style="margin:0 0 16px;">${plainTextToHtml(message)}</p>` +
        `<p style="margin:24px 0 0;font-size:13px;color:#7a675b;">${escapeHtml(why)}<br>` +
        `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#c2440c;">Se désinscrire</a> ` +
        `(un clic, sans compte).</p>`,
      contentText: `${message}\n\n${why}\nSe désinscrire : ${unsubscribeUrl}`,
    }),
  };
}
