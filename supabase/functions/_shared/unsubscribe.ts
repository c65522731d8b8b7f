// The unsubscribe link of the promotions: the shop's page for people (/desinscription, a button that confirms), the
// unsubscribe function for mail providers' one-click POST (RFC 8058). The token is the address's own random token
// (promotion_consents.unsubscribe_token): it unsubscribes that address and no other.
import { siteUrl } from './http.ts';

/** The inbox as the mail provider sees it, as public.email_recipient_key: lower case, no +tag, Gmail without dots. */
export function inboxKey(address: string): string {
  const a = address
    .trim()
    .replace(/\+[^@]*@/, '@')
    .toLowerCase();
  const [name, domain] = a.split('@');
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${name.replace(/\./g, '')}@gmail.com` : a;
}

/** The page a person opens from the e-mail's link. */
export function unsubscribePageUrl(token: string): string {
  return `${siteUrl()}/desinscription?t=${encodeURIComponent(token)}`;
}

/** The function's address, for the List-Unsubscribe header. */
export function unsubscribeEndpoint(token: string): string {
  const api = (Deno.env.get('SUPABASE_URL') || siteUrl()).replace(/\/+$/, '');
  return `${api}/functions/v1/unsubscribe?t=${encodeURIComponent(token)}`;
}

export function unsubscribeHeaders(token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeEndpoint(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
