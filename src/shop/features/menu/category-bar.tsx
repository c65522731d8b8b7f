import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ShownMenuCategory } from '../../../shared/domain/menu-categories.js';
import { fr } from '../../i18n/fr.js';
import { ChevronLeftIcon, ChevronRightIcon, HandSwipeIcon } from '../../components/ui/icons.js';

const ARROW_THRESHOLD_PX = 5;
const HINT_SCROLL_PX = 50;
const HINT_MS = 5000;

export function CategoryBar({
  categories,
  activeSlug,
}: {
  categories: readonly ShownMenuCategory[];
  activeSlug: string | null;
}) {
  const bar = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const [hint, setHint] = useState(true);

  const measure = () => {
    const el = bar.current;
    if (!el) return;
    setEdges({
      left: el.scrollLeft > ARROW_THRESHOLD_PX,
      right: el.scrollLeft + el.clientWidth < el.scrollWidth - ARROW_THRESHOLD_PX,
    });
    if (el.scrollLeft > HINT_SCROLL_PX) setHint(false);
  };

  useEffect(() => {
    measure();
    const timer = window.setTimeout(() => setHint(false), HINT_MS);
    window.addEventListener('resize', measure);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', measure);
    };
  }, []);

  useEffect(() => {
    const active = bar.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'center', behavior: 'smooth' });
  }, [activeSlug]);

  const move = (direction: 1 | -1) => {
    const el = bar.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };

  const arrow =
    'absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-flame-600 p-1.5 text-white shadow-lg hover:bg-flame-700';
  return (
    <nav
      aria-label={fr.menu.categoriesLabel}
      className="sticky top-16 z-30 border-b border-charcoal-800 bg-charcoal-950/95 backdrop-blur md:top-20"
    >
      <div className="relative mx-auto max-w-7xl">
        {edges.left && (
          <button
            type="button"
            onClick={() => move(-1)}
            aria-label={fr.menu.scrollLeft}
            data-testid="category-arrow-left"
            className={`${arrow} left-1`}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
        )}
        <ul
          ref={bar}
          onScroll={measure}
          data-testid="category-bar"
          className="no-scrollbar flex gap-2 overflow-x-auto scroll-smooth px-4 py-3"
        >
          {categories.map((c) => (
            <li key={c.id} className="shrink-0">
              <Link
                to={`/menu/${c.slug}`}
                aria-current={c.slug === activeSlug ? 'page' : undefined}
                className={`block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${c.slug === activeSlug ? 'bg-flame-600 text-white' : 'bg-charcoal-800 text-cream-100 hover:bg-charcoal-700'}`}
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
        {edges.right && (
          <button
            type="button"
            onClick={() => move(1)}
            aria-label={fr.menu.scrollRight}
            data-testid="category-arrow-right"
            className={`${arrow} right-1`}
          >
            <ChevronRightIcon className="size-5" />
          </button>
        )}
        {/* Shown once the bar is measured (after hydration), over the page rather than in it: nothing moves
            when it comes, nor when it goes. */}
        {hint && edges.right && (
          <p
            data-testid="swipe-hint"
            className="pointer-events-none absolute inset-x-0 top-full flex justify-center pt-2 md:hidden"
          >
            <span className="flex items-center gap-2 rounded-full bg-charcoal-950/90 px-3 py-1 text-xs text-cream-100 shadow-lg">
              <HandSwipeIcon className="size-4 animate-pulse" /> {fr.menu.swipeHint}
            </span>
          </p>
        )}
      </div>
    </nav>
  );
}
