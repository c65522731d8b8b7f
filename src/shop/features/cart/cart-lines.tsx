import { useMemo } from 'react';
import { lineTotal } from '../../../shared/domain/cart.js';
import { formatEuro } from '../../../shared/domain/money.js';
import type { PriceContext } from '../../../shared/domain/pricing.js';
import type { CartItem } from '../../../shared/domain/cart-item.js';
import { fr } from '../../i18n/fr.js';
import { cartActions } from '../../stores/cart-actions.js';
import { MinusIcon, PlusIcon, TrashIcon } from '../../components/ui/icons.js';
import { menuThumbnailSrc } from '../menu/menu-item-image.js';
import { useShopMenu } from '../../lib/public-data.js';

const stepper =
  'flex size-9 items-center justify-center rounded-full border border-charcoal-500/40 text-charcoal-800 hover:border-flame-600 hover:text-flame-600';

export function CartLines({
  items,
  priceContext,
  unavailable,
}: {
  items: readonly CartItem[];
  priceContext: PriceContext;
  /** The lines that can no longer be ordered: marked, with no price. */
  unavailable: ReadonlySet<string>;
}) {
  // Each line's allergens as the menu declares them now (EU 1169/2011: before the order is placed).
  const menu = useShopMenu().data;
  const allergens = useMemo(() => new Map(menu?.items.map((i) => [i.id, i.allergens])), [menu]);
  return (
    <ul className="divide-y divide-cream-200" data-testid="cart-lines">
      {items.map((line) => (
        <li
          key={line.uniqueId}
          className={`flex gap-3 py-3 ${unavailable.has(line.uniqueId) ? 'opacity-70' : ''}`}
          data-testid="cart-line"
          data-unavailable={unavailable.has(line.uniqueId) || undefined}
        >
          <img
            src={menuThumbnailSrc(line.imageSrc ?? `/images/menu/${line.menuItemId}.webp`)}
            alt=""
            className="size-16 shrink-0 rounded-lg object-cover"
          />
          <div className="min-w-0 flex-1">
            <div className="flex justify-between gap-2">
              <p className="font-semibold leading-tight">{line.name}</p>
              {unavailable.has(line.uniqueId) ? (
                <p className="shrink-0 rounded-full bg-ember-600/10 px-2 text-sm font-semibold text-ember-700">
                  {fr.cart.unavailable}
                </p>
              ) : (
                <p className="shrink-0 font-semibold" data-testid="line-total">
                  {formatEuro(lineTotal(line, priceContext))}
                </p>
              )}
            </div>
            {line.options.map((o) => (
              <p key={o.id} className="text-xs text-charcoal-600">
                + {o.name} ({formatEuro(o.price)})
              </p>
            ))}
            {menu && (
              <p className="mt-0.5 text-xs text-charcoal-600" data-testid="line-allergens">
                {fr.menu.allergens(allergens.get(line.menuItemId) ?? null)}
              </p>
            )}
            <div className="mt-2 flex items-center gap-2">
              <button
                type="button"
                className={stepper}
                onClick={() => cartActions.decrement(line.uniqueId)}
                aria-label={line.quantity === 1 ? fr.cart.remove(line.name) : fr.cart.decrease(line.name)}
              >
                {line.quantity === 1 ? (
                  <TrashIcon className="size-4 text-ember-600" data-testid="trash-icon" />
                ) : (
                  <MinusIcon className="size-4" />
                )}
              </button>
              <span
                className="w-7 text-center font-semibold"
                aria-label={fr.cart.quantity(line.quantity)}
                data-testid="line-quantity"
              >
                {line.quantity}
              </span>
              <button
                type="button"
                className={stepper}
                onClick={() => cartActions.increment(line.uniqueId)}
                aria-label={fr.cart.increase(line.name)}
              >
                <PlusIcon className="size-4" />
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
