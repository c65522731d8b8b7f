import { useMemo } from 'react';
import { formatEuro } from '../../../shared/domain/money.js';
import type { SpecialPrice } from '../../../shared/domain/pricing.js';
import { useRestaurantToday } from '../../../shared/data/public-queries.js';
import { fr } from '../../i18n/fr.js';

/** What a dish's card says of the offer live on it today: the price, for whom, until when. */
export interface ItemOffer {
  label: string;
  dates: string;
}

/**
 * The offers live today with a price (public.offers, edited in the admin's Ofertas screen, which the menu's read
 * embeds as its special prices), by the dish they price, in words; the one ending first when two price the same
 * dish. An offer shows from its first day to its last (the restaurant's clock), as the cart prices it.
 */
export function useItemOffers(specialPrices: readonly SpecialPrice[] | undefined): ReadonlyMap<string, ItemOffer> {
  const today = useRestaurantToday();
  // Keyed on what the cards show, not on the menu's object: a live menu change (a dish made unavailable) keeps the
  // same map, so the memoised sections and cards it does not touch are not rendered again.
  const key = JSON.stringify(
    (specialPrices ?? [])
      .filter((p) => (!p.from || p.from <= today) && today <= p.until)
      .sort((a, b) => a.until.localeCompare(b.until)),
  );
  return useMemo(() => {
    const live = JSON.parse(key) as SpecialPrice[];
    const byItem = new Map<string, ItemOffer>();
    for (const p of live) {
      if (byItem.has(p.itemId)) continue;
      byItem.set(p.itemId, {
        label: fr.menu.offer(fr.home.offer.badge[p.method ?? 'both'], formatEuro(p.price)),
        dates: fr.home.offer.dates(p.from ?? today, p.until, today),
      });
    }
    return byItem;
  }, [key, today]);
}
