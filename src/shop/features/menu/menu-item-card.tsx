import { memo, useState } from 'react';
import { formatEuro } from '../../../shared/domain/money.js';
import { isOrderable, type KidsMenuOptionId } from '../../../shared/domain/menu-categories.js';
import type { MenuItem } from '../../../shared/domain/menu.js';
import type { AddChoice } from '../../../shared/domain/cart.js';
import { fr } from '../../i18n/fr.js';
import { PlusIcon } from '../../components/ui/icons.js';
import { MenuItemImage } from './menu-item-image.js';
import type { ItemOffer } from './item-offers.js';

/** The cart's rules (and zod) load with the first « Ajouter », not with the menu. */
function addToCart(item: MenuItem, choice?: AddChoice) {
  void import('../../stores/cart-actions.js').then(({ cartActions }) => cartActions.add(item, choice));
}

/**
 * `priority`: the first card on the screen the page opens on (its picture loads first, not lazily). `offer`: the
 * offer live on this dish today (public.offers), shown with its price and dates.
 */
export const MenuItemCard = memo(function MenuItemCard({
  item,
  priority,
  offer,
}: {
  item: MenuItem;
  priority?: boolean;
  offer?: ItemOffer;
}) {
  const [kidsOption, setKidsOption] = useState<KidsMenuOptionId | undefined>(item.options[0]?.id);
  const comingSoon = item.type === 'comingSoon';
  const orderable = isOrderable(item);

  return (
    <article
      data-testid="menu-item"
      data-item-id={item.id}
      className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-cream-200 transition hover:shadow-xl"
    >
      <div className="relative overflow-hidden">
        <MenuItemImage item={item} priority={priority} />
        {offer ? (
          <p
            className="absolute inset-x-0 bottom-0 bg-ember-600/95 px-3 py-1.5 text-xs font-bold text-white"
            data-testid="item-offer"
          >
            {offer.label}
            <span className="font-normal"> · {offer.dates}</span>
          </p>
        ) : (
          item.specialOffer && (
            <p
              className="absolute inset-x-0 bottom-0 bg-ember-600/95 px-3 py-1.5 text-xs font-bold text-white"
              data-testid="special-offer"
            >
              {item.specialOffer.text}
              {item.specialOffer.condition && <span className="font-normal"> · {item.specialOffer.condition}</span>}
            </p>
          )
        )}
        {comingSoon && (
          <p className="absolute top-3 right-3 rounded-full bg-charcoal-900 px-3 py-1 text-xs font-bold text-flame-300">
            {fr.menu.comingSoon}
          </p>
        )}
        {item.unavailable && (
          <div className="absolute inset-0 flex items-center justify-center bg-charcoal-950/65">
            <span className="rotate-[-8deg] rounded-lg border-2 border-white px-4 py-1 font-display text-2xl font-bold tracking-wider text-white uppercase">
              {fr.menu.unavailable}
            </span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-sans text-lg leading-tight font-bold tracking-normal">{item.name}</h3>
          {!comingSoon && (
            <p className="shrink-0 font-display text-xl font-bold text-flame-600">{formatEuro(item.price)}</p>
          )}
        </div>
        {item.description && <p className="mt-1.5 flex-1 text-sm text-charcoal-700">{item.description}</p>}
        <p className="mt-2 text-xs text-charcoal-600" data-testid="item-allergens">
          {fr.menu.allergens(item.allergens)}
        </p>
        {item.isKidsMenuWithOptions && orderable && (
          <fieldset className="mt-3">
            <legend className="mb-1.5 text-sm font-semibold">{fr.menu.chooseDish}</legend>
            <div className="flex flex-wrap gap-2">
              {item.options.map((o) => (
                <label key={o.id} className="cursor-pointer">
                  <input
                    type="radio"
                    name={`kids-${item.id}`}
                    value={o.id}
                    checked={kidsOption === o.id}
                    onChange={() => setKidsOption(o.id)}
                    className="peer sr-only"
                  />
                  <span className="block rounded-full border border-charcoal-500/40 px-3 py-1 text-sm peer-checked:border-flame-600 peer-checked:bg-flame-600 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-flame-500">
                    {o.name}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {!comingSoon && (
          <button
            type="button"
            disabled={!orderable}
            onClick={() => addToCart(item, item.isKidsMenuWithOptions ? { kidsOption } : undefined)}
            aria-label={item.unavailable ? fr.menu.unavailableNamed(item.name) : fr.menu.addNamed(item.name)}
            className="mt-4 inline-flex items-center justify-center gap-2 rounded-full bg-charcoal-900 px-4 py-2.5 text-sm font-semibold text-cream-50 transition-colors hover:bg-flame-600 disabled:cursor-not-allowed disabled:bg-charcoal-500/40 disabled:text-charcoal-700"
          >
            <PlusIcon className="size-4" /> {item.unavailable ? fr.menu.unavailable : fr.menu.add}
          </button>
        )}
      </div>
    </article>
  );
});
