import { useEffect, useState } from 'react';
import { toast } from '../../components/ui/toast-store.js';
import { Spinner } from '../../components/ui/spinner.js';
import { useT } from '../../i18n/index.js';
import type { Order } from '../../../shared/domain/index.js';
import { useSearchOrdersQuery } from '../../lib/data.js';

/** Finds any order (not only today's) by number, phone, e-mail or name through search_orders_by_term. */
export function useOrderSearch() {
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), 300);
    return () => clearTimeout(timer);
  }, [term]);
  const results = useSearchOrdersQuery(debounced);
  return { term, setTerm, active: debounced !== '', results };
}

export function SearchBox({ term, onChange }: { term: string; onChange(term: string): void }) {
  const t = useT();
  return (
    <input
      type="search"
      value={term}
      onChange={(e) => onChange(e.target.value)}
      aria-label={t('dashboard.search')}
      placeholder={t('dashboard.search')}
      className="mb-3 block min-h-12 w-full rounded-lg border-2 border-slate-400 bg-white px-3 text-lg"
    />
  );
}

export function SearchStatus({ results }: { results: { isPending: boolean; isError: boolean; data?: Order[] } }) {
  const t = useT();
  useEffect(() => {
    if (results.isError) toast.error(t('dashboard.searchErrorTitle'), t('dashboard.searchErrorBody'));
  }, [results.isError, t]);
  if (results.isPending) return <Spinner label={t('common.loading')} />;
  if (results.data?.length === 0)
    return (
      <p className="rounded-xl border-2 border-dashed border-slate-400 p-6 text-center text-lg">
        {t('dashboard.searchEmpty')}
      </p>
    );
  return null;
}
