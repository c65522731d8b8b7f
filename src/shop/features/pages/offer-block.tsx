import { Link } from 'react-router-dom';
import { formatEuroCompact } from '../../../shared/domain/money.js';
import { liveOffers } from '../../../shared/domain/offers.js';
import type { ShopOffer } from '../../../shared/data/public-fetch.js';
import { useRestaurantToday, useOpenOffersQuery } from '../../../shared/data/public-queries.js';
import { buttonClass } from '../../components/ui/button.js';
import { PhoneIcon } from '../../components/ui/icons.js';
import { fr } from '../../i18n/fr.js';
import type { ShopRestaurant } from '../../lib/restaurant.js';
import { storedPictureSrcSet } from '../../lib/stored-pictures.js';

const t = fr.home.offer;

/** An uploaded offer picture at the width its half of the block takes (Storage's transformations), when known. */
function pictureWidths(url: string): { srcSet?: string; sizes?: string } {
  const srcSet = storedPictureSrcSet(url);
  return srcSet ? { srcSet, sizes: '(min-width: 1152px) 576px, (min-width: 768px) 50vw, 100vw' } : {};
}

function OfferCard({ offer, today, restaurant }: { offer: ShopOffer; today: string; restaurant: ShopRestaurant }) {
  const titleId = `offer-title-${offer.id}`;
  const undercut =
    offer.rule && offer.regularPrice !== null && offer.regularPrice > offer.rule.price ? offer.regularPrice : null;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="home-offer"
      className="mx-auto grid max-w-6xl items-center gap-10 overflow-hidden rounded-3xl bg-charcoal-900 text-cream-50 shadow-2xl md:grid-cols-2"
    >
      {offer.imageUrl ? (
        <img
          src={offer.imageUrl}
          {...pictureWidths(offer.imageUrl)}
          alt=""
          className="h-72 w-full object-cover md:h-full"
          loading="lazy"
        />
      ) : (
        <div aria-hidden className="hidden h-full bg-gradient-to-br from-flame-600 to-ember-600 md:block" />
      )}
      <div className="p-8 md:p-12">
        <p className="inline-block rounded-full bg-ember-600 px-3 py-1 text-xs font-bold tracking-wider uppercase">
          {t.badge[offer.rule?.method ?? 'both']}
        </p>
        <h2 id={titleId} className="mt-4 text-4xl font-bold break-words uppercase md:text-5xl">
          {offer.title}
        </h2>
        <p className="mt-2 text-lg font-semibold text-flame-400">
          {fr.home.offer.dates(offer.startsOn, offer.endsOn, today)}
        </p>
        {offer.body && <p className="mt-4 whitespace-pre-line text-cream-100/85">{offer.body}</p>}
        {offer.rule && (
          <p className="mt-4 flex flex-wrap items-baseline gap-3">
            <span className="font-display text-6xl font-bold text-flame-400">
              {formatEuroCompact(offer.rule.price)}
            </span>
            {undercut !== null && (
              <span className="text-cream-100/70 line-through">
                {t.was} {formatEuroCompact(undercut)}
              </span>
            )}
          </p>
        )}
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/menu" className={buttonClass('primary')}>
            {t.order}
          </Link>
          <a href={restaurant.phoneHref} className={buttonClass('secondary')}>
            <PhoneIcon className="size-5" /> {t.call} {restaurant.phoneDisplay}
          </a>
        </div>
      </div>
    </section>
  );
}

/**
 * The home page's special offers, as the owner publishes them in the admin (public.offers), live. An
 * offer shows from its first to its last day (the restaurant's clock); with no live offer the block is hidden.
 */
export function OfferBlock({ restaurant }: { restaurant: ShopRestaurant }) {
  const today = useRestaurantToday();
  const { data } = useOpenOffersQuery();
  const live = liveOffers(data ?? [], today);
  if (live.length === 0) return null;
  return (
    <div className="space-y-10 bg-cream-100 px-4 py-16 md:py-24">
      {live.map((offer) => (
        <OfferCard key={offer.id} offer={offer} today={today} restaurant={restaurant} />
      ))}
    </div>
  );
}
