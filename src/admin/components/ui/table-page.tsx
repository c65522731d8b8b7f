import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.js';
import { BackLink } from './back-link.js';
import { ErrorPanel, PageHeader } from './card.js';
import { DataTable, type Column } from './data-table.js';
import { QueryState, type QueryLike } from './query-state.js';

/** A page reached from the dashboard: its title and the way back to the dashboard, then its content. */
export function DashboardSubPage({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={title}>
        <BackLink>{t('common.backToDashboard')}</BackLink>
      </PageHeader>
      {children}
    </div>
  );
}

/**
 * A list read from the server as a table: the spinner, the error, the empty text, else the rows. A failed
 * background refresh keeps the rows on screen (with the error above them): the row someone is working on,
 * with its open confirmation, stays where it is instead of turning into an error panel.
 */
export function QueryTable<Row extends { id: string }>({
  query,
  error,
  empty,
  ...table
}: {
  query: QueryLike<Row[]>;
  error: string;
  empty: string;
  testId: string;
  columns: Column<Row>[];
  className?: string;
  phoneCards?: boolean;
}) {
  return (
    <QueryState query={query} error={error} empty={empty} keepDataOnError>
      {(rows) => (
        <>
          {query.isError && <ErrorPanel message={error} />}
          <DataTable rows={rows} {...table} />
        </>
      )}
    </QueryState>
  );
}
