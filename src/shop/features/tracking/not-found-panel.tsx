import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { SearchIcon } from '../../components/ui/icons.js';

export function NotFoundPanel() {
  const restaurant = useRestaurant();
  return (
    <div data-testid="not-found-panel" className="rounded-2xl bg-white p-8 text-center shadow-md ring-1 ring-cream-200">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-ember-600/10 text-ember-600">
        <SearchIcon className="size-7" />
      </span>
      <h2 className="mt-4 text-2xl font-bold uppercase">{fr.tracking.notFoundTitle}</h2>
      <p className="mt-2 text-charcoal-700">{fr.tracking.notFoundText}</p>
      <p className="mt-2 text-sm text-charcoal-600">{fr.tracking.notFoundHint}</p>
      <a href={restaurant.phoneHref} className="mt-4 inline-block font-semibold text-flame-700 underline">
        {fr.tracking.call(restaurant.phoneDisplay)}
      </a>
    </div>
  );
}
