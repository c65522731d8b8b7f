import { useEffect, useRef } from 'react';
import {
  DataError,
  queryKeys,
  refusalOf,
  useLiveOrder,
  useMyOrdersQuery,
  useTrackOrderQuery,
  type TrackedOrder,
} from '../../lib/data.js';
import { orderNumber } from '../../../shared/domain/order.js';
import { shouldKeepPolling } from '../../../shared/domain/order-status.js';
import { TRACKING_POLL_MS } from '../../../shared/domain/tracking-search.js';
import { fr } from '../../i18n/fr.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
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

export interface TrackingResultsProps {
  /** The term in the address (?q=), already checked; empty: the signed-in customer's latest order. */
  typed: string;
  signedIn: boolean;
  /** When the customer last searched (ms), 0 for a term that came with the address: its answer is announced once. */
  searchedAt: number;
  /** Counts the searches of the term already shown: each one reads it again. */
  retries: number;
  onSearching: (searching: boolean) => void;
}

/**
 * The order found for a term, or the signed-in customer's latest: loaded with the data layer (supabase-js, zod)
 * only when there is something to look for, after the page's first paint.
 */
export default function TrackingResults({ typed, signedIn, searchedAt, retries, onSearching }: TrackingResultsProps) {
  const mine = useMyOrdersQuery(signedIn && !typed);
  const latest = mine.data?.[0];
  const term = typed || (latest ? orderNumber(latest.id) : '');

  const tracked = useTrackOrderQuery(term, {
    queryConfig: { refetchInterval: (query) => pollEvery(query.state.data) },
  });
  const { refetch } = tracked;
  // The signed-in customer's latest order: its full id is known (their history), so it follows its topic
  // `order:<id>` live (a searched number or phone does not give the id: that answer keeps its polling).
  useLiveOrder(typed ? undefined : latest?.id, queryKeys.tracking(term.trim()));

  const searching = tracked.isFetching && !!typed;
  useEffect(() => onSearching(searching), [searching, onSearching]);

  // The same term searched again: read it again, and announce that answer, not the one on screen.
  const retried = useRef(retries);
  const retriedAt = useRef(0);
  useEffect(() => {
    if (retried.current === retries) return;
    retried.current = retries;
    retriedAt.current = Date.now();
    void refetch();
  }, [retries, refetch]);

  // Toasts for the answer to a search the customer made, not for the silent 30 s refreshes.
  const announced = useRef<number | null>(null);
  const answeredAt = tracked.isError ? tracked.errorUpdatedAt : tracked.dataUpdatedAt;
  useEffect(() => {
    if (!typed || announced.current === searchedAt || tracked.isFetching || answeredAt < retriedAt.current) return;
    if (tracked.isError) {
      announced.current = searchedAt;
      const fromServer = tracked.error instanceof DataError;
      const refusal = refusalOf(tracked.error);
      toast({
        title: refusal?.title ?? (fromServer ? t.errorTitle : t.unexpected),
        description: refusal?.message ?? t.errorText,
        variant: 'destructive',
      });
    } else if (tracked.isSuccess) {
      announced.current = searchedAt;
      if (tracked.data === null)
        toast({ title: fr.tracking.notFoundTitle, description: fr.tracking.notFoundText, variant: 'destructive' });
    }
  }, [
    typed,
    searchedAt,
    answeredAt,
    tracked.isError,
    tracked.isSuccess,
    tracked.isFetching,
    tracked.data,
    tracked.error,
  ]);

  return (
    <>
      {term && tracked.isPending && <Spinner />}
      {!typed && latest && tracked.data && (
        <p className="mb-4 text-sm font-semibold tracking-wider text-flame-700 uppercase">{t.latestForAccount}</p>
      )}
      {tracked.data && <TrackedOrderView order={tracked.data} />}
      {typed && tracked.isSuccess && tracked.data === null && <NotFoundPanel />}
    </>
  );
}
