import { htmlToText, plainTextToHtml } from '../html.ts';
import type { RestaurantIdentity } from '../restaurant.ts';
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
