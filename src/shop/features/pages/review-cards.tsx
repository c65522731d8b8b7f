import { formatDateFr } from '../../../shared/domain/french-dates.js';
import { fr } from '../../i18n/fr.js';
import { StarIcon } from '../../components/ui/icons.js';
import { Spinner } from '../../components/ui/spinner.js';
import { useReviewsQuery } from '../../../shared/data/public-queries.js';
import type { ReviewRow } from '../../../shared/data/rows.js';

export function Stars({ rating, className = 'size-4' }: { rating: number; className?: string }) {
  return (
    <span className="flex text-flame-500" role="img" aria-label={fr.reviews.stars(rating)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} className={`${className} ${n <= rating ? '' : 'text-cream-300'}`} />
      ))}
    </span>
  );
}

export const averageRating = (reviews: readonly ReviewRow[]) =>
  reviews.length ? reviews.reduce((s, r) => s + r.rating, 0) / reviews.length : 0;

/** Our own customers' reviews (the reviews table), shown when no third-party widget is configured. */
export function ReviewCards({ limit }: { limit?: number }) {
  const { data, isPending, isError } = useReviewsQuery();
  if (isPending) return <Spinner />;
  if (isError || data.length === 0) return <p className="text-center text-charcoal-700">{fr.reviews.none}</p>;
  const list = limit ? data.slice(0, limit) : data;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="reviews-list">
      {list.map((r) => (
        <li key={r.id} className="flex flex-col rounded-2xl bg-white p-6 shadow-md ring-1 ring-cream-200">
          <Stars rating={r.rating} />
          <blockquote className="mt-4 flex-1 text-charcoal-800">« {r.text} »</blockquote>
          <p className="mt-4 text-sm font-semibold text-charcoal-900">
            {r.author} <span className="font-normal text-charcoal-600">· {formatDateFr(r.date)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
