import { useMemo } from 'react';
import { formatEuro } from '../../../shared/domain/money.js';
import { liveOffers, offerDatesFr } from '../../../shared/domain/offers.js';
import { useLuxembourgToday, useOpenOffersQuery } from '../../../shared/data/public-queries.js';
import { fr } from '../../i18n/fr.js';

/** What a dish's card says of the offer live on it today: the price, for whom, until when. */
export interface ItemOffer {
  label: string;
  dates: string;
}

/**
 * The live offers with a price rule (public.offers, edited in the admin's Ofertas screen), by the dish they
 * price, in words; the one ending first when two price the same dish. An offer shows on its first day and no
 * longer after its last (Luxembourg time), as the cart prices it.
 */
export function useItemOffers(): ReadonlyMap<string, ItemOffer> {
  const today = useLuxembourgToday();
  const { data } = useOpenOffersQuery();
  return useMemo(() => {
    const byItem = new Map<string, ItemOffer>();
    for (const offer of liveOffers(data ?? [], today)) {
      if (!offer.rule || byItem.has(offer.rule.itemId)) continue;
      byItem.set(offer.rule.itemId, {
        label: fr.menu.offer(fr.home.offer.badge[offer.rule.method], formatEuro(offer.rule.price)),
        dates: offerDatesFr(offer.startsOn, offer.endsOn, today),
      });
    }
    return byItem;
  }, [data, today]);
}
