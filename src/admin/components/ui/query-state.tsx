import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.js';
import { ErrorPanel } from './card.js';
import { Spinner } from './spinner.js';

/** What a screen reads from a data hook (useQuery's answer). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

/**
 * The one scaffold of a screen that shows server data: a spinner while it loads, the screen's error
 * message (with an optional action) when it failed, its empty text when a list came back empty, else
 * the content. `keepDataOnError`: a failed refetch keeps what is already shown (the live dashboard).
 */
export function QueryState<T>({
  query,
  error,
  errorAction,
  empty,
  emptyClassName = '',
  keepDataOnError = false,
  children,
}: {
  query: QueryLike<T>;
  error: string;
  errorAction?: ReactNode;
  /** Shown instead of the content when the data is an empty list. */
  empty?: string;
  emptyClassName?: string;
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) return <Spinner label={t('common.loading')} />;
  if (query.isError && !(keepDataOnError && query.data !== undefined))
    return <ErrorPanel message={error} action={errorAction} />;
  const data = query.data as T;
  if (empty !== undefined && Array.isArray(data) && data.length === 0)
    return (
      <p
        className={`rounded-xl border-2 border-dashed border-slate-400 p-6 text-center text-lg ${emptyClassName}`.trim()}
      >
        {empty}
      </p>
    );
  return <>{children(data)}</>;
}
