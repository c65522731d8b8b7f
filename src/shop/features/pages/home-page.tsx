import { Fragment, lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { MENU_CATEGORIES } from '../../../shared/domain/menu-categories.js';
import { fr } from '../../i18n/fr.js';
import { useRestaurant } from '../../lib/restaurant.js';
import { buttonClass } from '../../components/ui/button.js';
import { ArrowRightIcon, FlameIcon, StoreIcon, TruckIcon } from '../../components/ui/icons.js';
import { WhenVisible } from '../../components/ui/when-visible.js';
import { IconDisc } from '../../components/ui/icon-disc.js';
import { TitledSection } from '../../components/ui/titled-section.js';
import { CallToAction } from '../../components/ui/call-to-action.js';

const ReviewsWidget = lazy(() => import('./reviews-widget.js'));
// The offers are read through the data layer (supabase-js): loaded after the first paint, like the reviews.
const OfferBlock = lazy(() => import('./offer-block.js').then((m) => ({ default: m.OfferBlock })));
const t = fr.home;
const highlightIcons = [FlameIcon, TruckIcon, StoreIcon];
/**
 * The hero picture (scripts/make-shop-images.mjs writes its copies): 16:9, it covers a section at least a screen
 * tall, so it is drawn as wide as the screen or 16/9 of its height, whichever is more. A screen narrower than 9:16
 * gets hero-portrait (the middle 680 × 1080 of the 1920 × 1080 picture), which covers the section the same way.
 */
const HERO_SIZES = 'max(100vw, 177.8vh)';
const HERO_PORTRAIT = '(max-aspect-ratio: 9/16)';
const heroSrcSet = (format: 'avif' | 'webp') =>
  [960, 1280, 1920]
    .map((w) => `/images/${format === 'webp' && w === 1920 ? 'hero' : `hero-${w}`}.${format} ${w}w`)
    .join(', ');
/** A category card's width: two columns on a phone, three from 768 px, five from 1024 px (max 1280 px). */
const CATEGORY_SIZES =
  '(min-width: 1024px) 240px, (min-width: 768px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)';
const categorySrcSet = (id: string, format: 'avif' | 'webp') =>
  `/images/categories/${id}-320.${format} 320w, /images/categories/${id}.${format} 640w`;
const showcased: string[] = ['grill', 'chic_n_fries', 'francesinhas', 'hamburgers', 'desserts'];

export default function HomePage() {
  const restaurant = useRestaurant();
  return (
    <>
      <section className="relative isolate flex min-h-dvh items-center overflow-hidden bg-charcoal-950 text-cream-50">
        <picture>
          {/* A portrait phone shows only the middle of the picture: the same pixels, a quarter of the bytes. */}
          <source media={HERO_PORTRAIT} type="image/avif" srcSet="/images/hero-portrait.avif" />
          <source media={HERO_PORTRAIT} type="image/webp" srcSet="/images/hero-portrait.webp" />
          <source type="image/avif" srcSet={heroSrcSet('avif')} sizes={HERO_SIZES} />
          <img
            src="/images/hero.webp"
            srcSet={heroSrcSet('webp')}
            sizes={HERO_SIZES}
            alt={t.heroAlt}
            className="absolute inset-0 -z-10 size-full object-cover"
            fetchPriority="high"
          />
        </picture>
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-charcoal-950/90 via-charcoal-950/60 to-charcoal-950/20" />
        <div className="absolute inset-x-0 bottom-0 -z-10 h-40 bg-gradient-to-t from-charcoal-950 to-transparent" />
        <div className="mx-auto w-full max-w-7xl px-4 pt-24 pb-16">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-flame-600/90 px-4 py-1.5 text-sm font-semibold tracking-wide uppercase">
            <FlameIcon className="size-4" /> {t.kicker}
          </p>
          {/* On a phone the title's size follows the screen's width, so that its longest line keeps a margin in
              the web font and in its fallback alike (they break it the same way: nothing moves when the font
              arrives); 3rem from 436 px. */}
          <h1 className="max-w-3xl text-[clamp(2.25rem,11vw,3rem)] leading-[1.05] font-bold uppercase sm:text-6xl lg:text-7xl">
            {t.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-cream-100/90 sm:text-xl">{t.lead}</p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <Link to="/menu" className={buttonClass('primary', 'lg')}>
              {t.order} <ArrowRightIcon className="size-5" />
            </Link>
            <Link to="/contact" className={buttonClass('secondary', 'lg')}>
              {t.reserve}
            </Link>
          </div>
        </div>
      </section>

      <section className="bg-charcoal-950 pb-16 text-cream-50">
        <ul className="mx-auto grid max-w-7xl gap-6 px-4 md:grid-cols-3">
          {t.highlights.map((h, i) => (
            <li key={h.title} className="flex gap-4 rounded-2xl border border-charcoal-800 bg-charcoal-900 p-6">
              <IconDisc icon={highlightIcons[i]} size="md" className="shrink-0 bg-flame-600/20 text-flame-400" />
              <div>
                <h2 className="text-xl font-semibold uppercase">{h.title}</h2>
                <p className="mt-1 text-sm text-cream-100/80">{h.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Suspense fallback={null}>
        <OfferBlock restaurant={restaurant} />
      </Suspense>

      <TitledSection id="categories-title" title={t.categoriesTitle} lead={t.categoriesLead} className="py-16 md:py-24">
        <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
          {MENU_CATEGORIES.filter((c) => showcased.includes(c.id)).map((c) => (
            <li key={c.id}>
              <Link
                to={`/menu/${c.slug}`}
                className="group relative block aspect-[4/5] overflow-hidden rounded-2xl bg-charcoal-900 shadow-lg"
              >
                <picture>
                  <source type="image/avif" srcSet={categorySrcSet(c.id, 'avif')} sizes={CATEGORY_SIZES} />
                  <img
                    src={`/images/categories/${c.id}.webp`}
                    srcSet={categorySrcSet(c.id, 'webp')}
                    sizes={CATEGORY_SIZES}
                    alt=""
                    loading="lazy"
                    className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                </picture>
                <span className="absolute inset-0 bg-gradient-to-t from-charcoal-950/90 via-charcoal-950/20 to-transparent" />
                <span
                  className="absolute inset-x-0 bottom-0 p-4 font-display text-lg font-bold text-cream-50 uppercase sm:text-xl"
                  data-testid="category-card-title"
                >
                  {/* 'CasaDasFrancesinhas' is wider than a phone's card: it may break where a capital starts a word. */}
                  {c.name.split(/(?=[A-Z])/).map((part, i) => (
                    <Fragment key={part}>
                      {i > 0 && <wbr />}
                      {part}
                    </Fragment>
                  ))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection
        id="reviews-title"
        title={t.reviewsTitle}
        lead={t.reviewsLead}
        className="bg-cream-100 py-16 md:py-24"
      >
        <WhenVisible minHeight="16rem" className="mt-10">
          <Suspense fallback={null}>
            <ReviewsWidget limit={3} />
          </Suspense>
        </WhenVisible>
        <p className="mt-10 text-center">
          <Link to="/avis" className={buttonClass('outline')}>
            {t.allReviews}
          </Link>
        </p>
      </TitledSection>

      <section className="relative isolate overflow-hidden bg-charcoal-950 py-20 text-center text-cream-50">
        <picture>
          <source type="image/avif" srcSet="/images/hero-grill.avif" />
          <img
            src="/images/hero-grill.webp"
            alt=""
            className="absolute inset-0 -z-10 size-full object-cover opacity-35"
            loading="lazy"
          />
        </picture>
        <CallToAction title={t.ctaTitle} size="lg" to="/menu" label={t.ctaButton}>
          <p className="mx-auto mt-4 max-w-xl px-4 text-lg text-cream-100/90">{t.ctaText}</p>
        </CallToAction>
      </section>
    </>
  );
}
