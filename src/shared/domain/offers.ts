import { addDays, compareIsoDates, parseIsoDate, type IsoDate } from './restaurant-time.js';
import type { SpecialPrice } from './pricing.js';

/** The bounds the database enforces on public.offers (migration 20251121100100_menu_and_settings.sql). */
export const OFFER_LIMITS = {
  title: 80,
  body: 300,
  maxPrice: 1000,
  /** Longest offer: end ≤ start + 730 days. */
  spanDays: 730,
  /** Latest start: today + 730 days. */
  aheadDays: 730,
  /** Live or scheduled offers at once. */
  open: 20,
} as const;

export type OfferMethod = 'pickup' | 'delivery' | 'both';
export const OFFER_METHODS: readonly OfferMethod[] = ['pickup', 'delivery', 'both'];

/** The optional price rule of an offer: one item at this price for this method while the offer is live. */
export interface OfferRule {
  itemId: string;
  price: number;
  method: OfferMethod;
}

export interface Offer {
  id: number;
  title: string;
  body: string;
  imageUrl: string | null;
  rule: OfferRule | null;
  /** The restaurant's days, both inclusive. */
  startsOn: IsoDate;
  endsOn: IsoDate;
}

export type OfferStatus = 'upcoming' | 'live' | 'ended';

/** Where an offer stands on a day of the restaurant: live from its first to its last day included. */
export function offerStatus(offer: Pick<Offer, 'startsOn' | 'endsOn'>, today: IsoDate): OfferStatus {
  if (today < offer.startsOn) return 'upcoming';
  return today <= offer.endsOn ? 'live' : 'ended';
}

/** The offers the home page shows on this day, those ending first first. */
export function liveOffers<T extends Pick<Offer, 'startsOn' | 'endsOn'>>(offers: readonly T[], today: IsoDate): T[] {
  return offers
    .filter((o) => offerStatus(o, today) === 'live')
    .sort((a, b) => compareIsoDates(a.endsOn, b.endsOn) || compareIsoDates(a.startsOn, b.startsOn));
}

/** The price rules of these offers, as the cart's pricing reads them (dates decide when they apply). */
export function offerSpecialPrices(offers: readonly Offer[]): SpecialPrice[] {
  return offers.flatMap((o) =>
    o.rule
      ? [
          {
            itemId: o.rule.itemId,
            price: o.rule.price,
            ...(o.rule.method === 'both' ? {} : { method: o.rule.method }),
            from: o.startsOn,
            until: o.endsOn,
          },
        ]
      : [],
  );
}

export interface OfferDraft {
  title: string;
  body: string;
  /** Null: no price rule. */
  rule: { itemId: string; price: number | null; method: OfferMethod } | null;
  startsOn: string;
  endsOn: string;
}

export type OfferProblem = 'title' | 'body' | 'item' | 'price' | 'dates' | 'order' | 'span' | 'ahead';

/** Control characters other than the line feed (the database refuses them too). */
function hasControl(text: string): boolean {
  return [...text].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 32 && c !== '\n') || code === 127;
  });
}

/** The first thing the database would refuse in a draft, checked before sending (same bounds). */
export function offerProblem(draft: OfferDraft, today: IsoDate): OfferProblem | null {
  const title = draft.title.trim();
  if (title === '' || title.length > OFFER_LIMITS.title || hasControl(title) || title.includes('\n')) return 'title';
  if (draft.body.trim().length > OFFER_LIMITS.body || hasControl(draft.body)) return 'body';
  if (draft.rule) {
    if (!draft.rule.itemId) return 'item';
    const p = draft.rule.price;
    if (p === null || !Number.isFinite(p) || p <= 0 || p > OFFER_LIMITS.maxPrice || Math.round(p * 100) !== p * 100)
      return 'price';
  }
  if (!parseIsoDate(draft.startsOn) || !parseIsoDate(draft.endsOn) || draft.startsOn < '2020-01-01') return 'dates';
  if (draft.endsOn < draft.startsOn) return 'order';
  if (draft.endsOn > addDays(draft.startsOn, OFFER_LIMITS.spanDays)) return 'span';
  if (draft.startsOn > addDays(today, OFFER_LIMITS.aheadDays)) return 'ahead';
  return null;
}
