import { memo, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import {
  DEFAULT_MENU_CATEGORY,
  menuCategoryBySlug,
  type ShownMenuCategory,
  shownMenuCategories,
} from '../../../shared/domain/menu-categories.js';
import type { MenuItem } from '../../../shared/domain/menu.js';
import { passesAllergenFilter, type AllergenCode } from '../../../shared/domain/allergens.js';
import { fr } from '../../i18n/fr.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { Spinner } from '../../components/ui/spinner.js';
import { buttonClass } from '../../components/ui/button.js';
import { AllergenFilter } from './allergen-filter.js';
import { CategoryBar } from './category-bar.js';
import { MenuItemCard } from './menu-item-card.js';
import { useItemOffers, type ItemOffer } from './item-offers.js';
import { StoreNotice } from '../../components/store-notice.js';
import { useLiveMenu } from './use-live-menu.js';
import { useMountedByHydration } from '../../../shared/ui/render-clock.js';

const NOTHING_EXCLUDED: ReadonlySet<AllergenCode> = new Set();

interface Block {
  title?: string;
  items: MenuItem[];
}

/** Section-title rows split a category into titled grids. */
function blocksOf(items: MenuItem[]): Block[] {
  const blocks: Block[] = [{ items: [] }];
  for (const item of items) {
    if (item.type === 'sectionTitle') blocks.push({ title: item.title ?? item.name, items: [] });
    else blocks[blocks.length - 1].items.push(item);
  }
  return blocks.filter((b) => b.title || b.items.length > 0);
}

/**
 * How many category sections are on the page: the one asked for and those above it at once, then
 * one more per task, so that a phone never freezes on the whole menu in one go. A prerendered page has
 * them all (it is read without JavaScript too), and its hydration keeps them.
 */
function useSectionsShown(total: number, first: number): number {
  const prerendered = useMountedByHydration();
  const [shown, setShown] = useState(() => (prerendered ? Number.MAX_SAFE_INTEGER : first));
  const count = Math.min(Math.max(shown, first), total);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setShown(count + 1), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return count;
}

/**
 * A category's section. A prerendered page's sections are hydrated after the rest of it, each in a task of its
 * own (a Suspense boundary each). Memoised so that the page's re-render right after hydration (its
 * browser-only values: the time, « hydrated ») passes them by: reaching a section not yet hydrated, that
 * synchronous render would hydrate every one of them in one long task.
 */
const MenuSection = memo(function MenuSection({
  category,
  blocks,
  landing,
  offscreen,
  firstItem,
  offers,
  filtered,
}: {
  category: ShownMenuCategory;
  blocks: Block[];
  /** The category the page was opened at: the prerendered page scrolls to it (public/start.js). */
  landing: boolean;
  /**
   * Laid out and painted by the browser only near the screen: the categories below the one asked for, and on a
   * category's page as it opened, those above it too (scrolled past at once, they would cost the opening the
   * layout of the whole menu before it).
   */
  offscreen: boolean;
  /** The first card on the screen the page opens on (its picture loads first, not lazily). */
  firstItem?: MenuItem;
  /** The offers live today, by dish. */
  offers: ReadonlyMap<string, ItemOffer>;
  /** The allergen filter is on: a section it empties says so. */
  filtered: boolean;
}) {
  return (
    <Suspense>
      <section
        id={`categorie-${category.slug}`}
        aria-labelledby={`titre-${category.slug}`}
        data-landing={landing ? '' : undefined}
        className={`scroll-mt-36 pb-12 md:scroll-mt-40 ${offscreen ? 'menu-section-offscreen' : ''}`}
      >
        <h2
          id={`titre-${category.slug}`}
          className="mb-6 flex items-center gap-3 text-3xl font-bold uppercase md:text-4xl"
        >
          <span className="h-8 w-1.5 rounded-full bg-flame-600" aria-hidden="true" />
          {category.name}
        </h2>
        {blocks.length === 0 && (
          <p className="rounded-xl bg-cream-100 p-6 text-center text-charcoal-700">
            {filtered ? fr.menu.allergenFilter.emptySection : fr.menu.emptyCategory}
          </p>
        )}
        {blocks.map((b, i) => (
          <div key={b.title ?? i} className="mb-8">
            {b.title && <h3 className="mb-4 text-xl font-semibold text-flame-700 uppercase">{b.title}</h3>}
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {b.items.map((item) => (
                <MenuItemCard key={item.id} item={item} priority={item === firstItem} offer={offers.get(item.id)} />
              ))}
            </div>
          </div>
        ))}
      </section>
    </Suspense>
  );
});

export default function MenuPage() {
  const { categorySlug } = useParams();
  const category = categorySlug ? menuCategoryBySlug(categorySlug) : undefined;
  const menu = useLiveMenu();
  // The ~80 cards render in a background pass that yields to the browser (no long frozen frame on
  // a phone); a live change re-renders only the cards whose item changed (memo + query sharing).
  const data = useDeferredValue(menu.data);
  // Names and order as the owner set them in the back office; the slugs (links) never change.
  const categories = useMemo(() => shownMenuCategories(data?.categories), [data]);
  const offers = useItemOffers(data?.specialPrices);
  // The allergens a customer excluded (« sans gluten »…): none when the page opens, as prerendered.
  const [excluded, setExcluded] = useState<ReadonlySet<AllergenCode>>(NOTHING_EXCLUDED);
  const shownExcluded = useDeferredValue(excluded);
  const filtering = shownExcluded.size > 0;
  const sections = useMemo(
    () =>
      data
        ? categories.map((c) => {
            const blocks = blocksOf(
              data.items.filter(
                (i) =>
                  i.categoryId === c.id &&
                  (i.type === 'sectionTitle' || passesAllergenFilter(i.allergens, shownExcluded)),
              ),
            );
            return { category: c, blocks: filtering ? blocks.filter((b) => b.items.length > 0) : blocks };
          })
        : undefined,
    [data, categories, shownExcluded, filtering],
  );
  const hiddenCount = useMemo(
    () =>
      data && filtering
        ? data.items.filter(
            (i) =>
              i.type !== 'sectionTitle' &&
              categories.some((c) => c.id === i.categoryId) &&
              !passesAllergenFilter(i.allergens, shownExcluded),
          ).length
        : 0,
    [data, categories, shownExcluded, filtering],
  );

  const asked = category ? categories.findIndex((c) => c.id === category.id) : 0;
  const firstItem = sections?.[Math.max(asked, 0)]?.blocks[0]?.items[0];
  const shown = useSectionsShown(sections?.length ?? 0, Math.max(asked, 0) + 2);

  // Scroll to the category asked for once, when its section is on the page; a live menu change
  // (a dish marked unavailable) must not pull the customer back there from wherever they read. A page
  // prerendered for the category opened there already (public/start.js, at the first paint): by the time
  // it is hydrated the customer may have scrolled on, so it stays where it is.
  const prerendered = useMountedByHydration();
  const scrolledTo = useRef<string | null>(prerendered && category ? category.slug : null);
  // The category the prerendered page opened at: the sections above it stay unrendered until near the screen for
  // as long as it is the one shown (another category's link lays them out before it scrolls there).
  const openedAt = useRef(prerendered ? category?.slug : undefined);
  const skipAbove = !!category && openedAt.current === category.slug;
  useEffect(() => {
    if (!category || !sections || scrolledTo.current === category.slug) return;
    scrolledTo.current = category.slug;
    document.getElementById(`categorie-${category.slug}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [category, sections]);

  if (categorySlug && !category) return <Navigate to={`/menu/${DEFAULT_MENU_CATEGORY.slug}`} replace />;

  const title = category ? (categories.find((c) => c.id === category.id)?.name ?? category.name) : fr.menu.defaultTitle;
  return (
    <>
      <PageHero
        title={title}
        subtitle={fr.menu.subtitle}
        image={`/images/categories/${(category ?? DEFAULT_MENU_CATEGORY).id}.webp`}
      />
      <CategoryBar categories={categories} activeSlug={(category ?? DEFAULT_MENU_CATEGORY).slug} />
      {/* At least a screen tall while loading, so the sections below do not jump when the menu arrives. */}
      <div className="mx-auto min-h-svh max-w-7xl px-4 py-10">
        <StoreNotice floating />
        {!sections && !menu.isError && <Spinner />}
        {menu.isError && (
          <div role="alert" className="py-16 text-center">
            <p className="text-charcoal-700">{fr.menu.loadError}</p>
            <button type="button" onClick={() => menu.refetch()} className={buttonClass('primary', 'md', 'mt-4')}>
              {fr.menu.retry}
            </button>
          </div>
        )}
        {sections && <AllergenFilter excluded={excluded} hiddenCount={hiddenCount} onChange={setExcluded} />}
        {sections?.slice(0, shown).map(({ category: c, blocks }, i) => (
          <MenuSection
            key={c.id}
            category={c}
            blocks={blocks}
            landing={!!category && i === asked}
            offscreen={i > Math.max(asked, 0) || (skipAbove && i < asked)}
            firstItem={i === Math.max(asked, 0) ? firstItem : undefined}
            offers={offers}
            filtered={filtering}
          />
        ))}
      </div>
      <section className="bg-charcoal-950 py-16 text-center text-cream-50">
        <h2 className="text-3xl font-bold uppercase md:text-4xl">{fr.menu.ctaTitle}</h2>
        <p className="mt-3 text-cream-100/85">{fr.menu.ctaText}</p>
        <Link to="/menu" className={buttonClass('primary', 'lg', 'mt-8')}>
          {fr.menu.cta}
        </Link>
      </section>
    </>
  );
}
