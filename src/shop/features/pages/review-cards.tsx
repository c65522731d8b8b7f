import { fr } from '../../i18n/fr.js';
import { StarIcon } from '../../components/ui/icons.js';

export function Stars({ rating, className = 'size-4' }: { rating: number; className?: string }) {
  return (
    <span className="flex text-flame-500" role="img" aria-label={fr.reviews.stars(rating)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} className={`${className} ${n <= rating ? '' : 'text-cream-300'}`} />
      ))}
    </span>
  );
}

/** Our own customers' reviews, shown when no third-party widget is configured. */
export function ReviewCards({ limit }: { limit?: number }) {
  const list = limit ? fr.reviews.list.slice(0, limit) : fr.reviews.list;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {list.map((r) => (
        <li key={r.name} className="flex flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-cream-200">
          <Stars rating={r.rating} />
          <blockquote className="mt-4 flex-1 text-charcoal-800">« {r.text} »</blockquote>
          <p className="mt-4 text-sm font-semibold text-charcoal-900">
            {r.name} <span className="font-normal text-charcoal-600">· {r.date}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

export const averageRating = fr.reviews.list.reduce((s, r) => s + r.rating, 0) / fr.reviews.list.length;
