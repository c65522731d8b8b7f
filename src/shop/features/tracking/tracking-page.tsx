import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trackingSearchTerm } from '../../../shared/domain/tracking-search.js';
import { useHydrated } from '../../../shared/ui/render-clock.js';
import { fr } from '../../i18n/fr.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { Spinner } from '../../components/ui/spinner.js';
import { SearchIcon } from '../../components/ui/icons.js';
import { toast } from '../../components/ui/toast-store.js';
import { useSession } from '../../lib/session.js';

// The search and its answers read through the data layer (supabase-js, zod): loaded when there is a term in the
// address, a signed-in customer or a search, not before the page's first paint.
const TrackingResults = lazy(() => import('./tracking-results.js'));

const t = fr.tracking;

export default function TrackingPage() {
  const [params, setParams] = useSearchParams();
  // `?q=` is the page's own search; `?id=` is the "Suivre ma commande" link of every e-mail.
  const typed = params.get('q') ?? params.get('id') ?? '';
  const [input, setInput] = useState(typed);
  const [searchedAt, setSearchedAt] = useState(0);
  const [retries, setRetries] = useState(0);
  const [searching, setSearching] = useState(false);
  const { status } = useSession();
  const hydrated = useHydrated();
  const signedIn = status === 'signedIn';

  const search = (e: FormEvent) => {
    e.preventDefault();
    const check = trackingSearchTerm(input);
    if (!check.ok) {
      toast({ title: check.title, description: check.message, variant: 'destructive' });
      return;
    }
    setSearchedAt(Date.now());
    setParams({ q: check.term });
    if (check.term === typed) setRetries((n) => n + 1);
  };

  return (
    <>
      <PageHero title={t.title} subtitle={t.subtitle}>
        {/* The page is prerendered: the search waits for React, as a tap before would send the form natively. */}
        <form onSubmit={search} role="search" className="mx-auto mt-8 flex max-w-xl flex-col gap-3 sm:flex-row">
          <label htmlFor="tracking-term" className="sr-only">
            {t.searchLabel}
          </label>
          <input
            id="tracking-term"
            value={input}
            disabled={!hydrated}
            onChange={(e) => setInput(e.target.value)}
            placeholder={t.searchPlaceholder}
            autoComplete="off"
            className="flex-1 rounded-full border-2 border-cream-50/30 bg-white px-5 py-3 text-charcoal-900 placeholder:text-charcoal-500 focus:border-flame-500 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!hydrated}
            className="inline-flex items-center justify-center gap-2 rounded-full bg-flame-600 px-6 py-3 font-semibold text-white hover:bg-flame-700 disabled:cursor-wait"
          >
            <SearchIcon className="size-5" /> {searching && typed ? t.searching : t.search}
          </button>
        </form>
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-12">
        {hydrated && (typed || signedIn) && (
          <Suspense fallback={typed ? <Spinner /> : null}>
            <TrackingResults
              typed={typed}
              signedIn={signedIn}
              searchedAt={searchedAt}
              retries={retries}
              onSearching={setSearching}
            />
          </Suspense>
        )}
      </div>
    </>
  );
}
