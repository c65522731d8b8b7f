import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { buttonClass } from '../../components/ui/button.js';
import { ExternalIcon } from '../../components/ui/icons.js';
import { ReviewCards, Stars, averageRating } from './review-cards.js';
import { useReviewsQuery } from '../../../shared/data/public-queries.js';

const t = fr.reviews;

export default function ReviewsPage() {
  const restaurant = useRestaurant();
  const reviews = useReviewsQuery().data ?? [];
  const average = averageRating(reviews);
  return (
    <>
      <PageHero title={t.title} subtitle={t.subtitle} />
      <section className="mx-auto max-w-7xl px-4 py-16">
        <div className="mb-12 flex flex-col items-center gap-6 rounded-3xl bg-charcoal-900 p-8 text-cream-50 md:flex-row md:justify-between">
          {reviews.length > 0 ? (
            <div className="flex items-center gap-5">
              <span className="font-display text-6xl font-bold text-flame-400">
                {average.toFixed(1).replace('.', ',')}
              </span>
              <div>
                <p className="text-sm tracking-wider uppercase opacity-80">{t.average}</p>
                <Stars rating={Math.round(average)} className="size-6" />
                <p className="text-sm opacity-80">
                  {t.outOf(average)} · {t.count(reviews.length)}
                </p>
              </div>
            </div>
          ) : (
            <div />
          )}
          <div className="max-w-sm text-center md:text-right">
            <p className="text-sm text-cream-100/85">{t.leaveText}</p>
            <a
              href={restaurant.reviewUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('primary', 'md', 'mt-3')}
            >
              {t.leave} <ExternalIcon className="size-4" />
            </a>
          </div>
        </div>
        <ReviewCards />
      </section>
    </>
  );
}
