import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DataError, refusalOf, useMyOrdersQuery, useTrackOrderQuery, type TrackedOrder } from '../../lib/data.js';
import { orderNumber } from '../../../shared/domain/order.js';
import { shouldKeepPolling } from '../../../shared/domain/order-status.js';
import { TRACKING_POLL_MS, trackingSearchTerm } from '../../../shared/domain/tracking-search.js';
import { fr } from '../../i18n/fr.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { Spinner } from '../../components/ui/spinner.js';
import { SearchIcon } from '../../components/ui/icons.js';
import { toast } from '../../components/ui/toast-store.js';
import { useSession } from '../../lib/session.js';
import { TrackedOrderView } from './tracked-order-view.js';
import { NotFoundPanel } from './not-found-panel.js';

const t = fr.tracking;
/** While an order waits for acceptance (the same term's refreshes are not rate limited). */
const WAITING_POLL_MS = 4000;

/** Until the order is final; waiting for the restaurant to accept, every few seconds, so the ready time shows at once. */
function pollEvery(known: TrackedOrder | null | undefined): number | false {
  if (known?.status === 'En attente') return WAITING_POLL_MS;
  return !known || shouldKeepPolling(known.status) ? TRACKING_POLL_MS : false;
}

export default function TrackingPage() {
  const [params, setParams] = useSearchParams();
  const typed = params.get('q') ?? '';
  const [input, setInput] = useState(typed);
  const { status } = useSession();
  const mine = useMyOrdersQuery(status === 'signedIn' && !typed);
  const latest = mine.data?.[0];
  const term = typed || (latest ? orderNumber(latest.id) : '');

  const tracked = useTrackOrderQuery(term, {
    queryConfig: { refetchInterval: (query) => pollEvery(query.state.data) },
  });

  // Toasts for the answer to a search the customer made, not for the silent 30 s refreshes.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!typed || announced.current === typed || tracked.isFetching) return;
    if (tracked.isError) {
      announced.current = typed;
      const fromServer = tracked.error instanceof DataError;
      const refusal = refusalOf(tracked.error);
      toast({
        title: refusal?.title ?? (fromServer ? t.errorTitle : t.unexpected),
        description: refusal?.message ?? t.errorText,
        variant: 'destructive',
      });
    } else if (tracked.isSuccess) {
      announced.current = typed;
      if (tracked.data === null)
        toast({ title: fr.tracking.notFoundTitle, description: fr.tracking.notFoundText, variant: 'destructive' });
    }
  }, [typed, tracked.isError, tracked.isSuccess, tracked.isFetching, tracked.data, tracked.error]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    const check = trackingSearchTerm(input);
    if (!check.ok) {
      toast({ title: check.title, description: check.message, variant: 'destructive' });
      return;
    }
    announced.current = null;
    setParams({ q: check.term });
    if (check.term === typed) void tracked.refetch();
  };

  return (
    <>
      <PageHero title={t.title} subtitle={t.subtitle}>
        <form onSubmit={search} role="search" className="mx-auto mt-8 flex max-w-xl flex-col gap-3 sm:flex-row">
          <label htmlFor="tracking-term" className="sr-only">
            {t.searchLabel}
          </label>
          <input
            id="tracking-term"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={t.searchPlaceholder}
            autoComplete="off"
            className="flex-1 rounded-full border-2 border-cream-50/30 bg-white px-5 py-3 text-charcoal-900 placeholder:text-charcoal-500 focus:border-flame-500 focus:outline-none"
          />
          <button
            type="submit"
            className="inline-flex items-center justify-center gap-2 rounded-full bg-flame-600 px-6 py-3 font-semibold text-white hover:bg-flame-700"
          >
            <SearchIcon className="size-5" /> {tracked.isFetching && typed ? t.searching : t.search}
          </button>
        </form>
      </PageHero>
      <div className="mx-auto max-w-4xl px-4 py-12">
        {term && tracked.isPending && <Spinner />}
        {!typed && latest && tracked.data && (
          <p className="mb-4 text-sm font-semibold tracking-wider text-flame-700 uppercase">{t.latestForAccount}</p>
        )}
        {tracked.data && <TrackedOrderView order={tracked.data} />}
        {typed && tracked.isSuccess && tracked.data === null && <NotFoundPanel />}
      </div>
    </>
  );
}
