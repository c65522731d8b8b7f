import type { ReactNode } from 'react';
import { useMediaQuery, WIDE_ADMIN } from '../../lib/use-media-query.js';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** The row's name, in bold. */
  strong?: boolean;
}

/**
 * A wide list of records: a dark header row, one row per record. It scrolls sideways on a phone, unless
 * `phoneCards`: there each record is a card (its strong column as title, the others as label and value, the
 * last one, its actions, across the card's foot), so nothing is off-screen.
 */
export function DataTable<Row extends { id: string }>({
  rows,
  columns,
  testId,
  className,
  phoneCards = false,
}: {
  rows: Row[];
  columns: Column<Row>[];
  testId: string;
  className?: string;
  phoneCards?: boolean;
}) {
  const wide = useMediaQuery(WIDE_ADMIN);
  if (phoneCards && !wide) {
    const title = columns.find((c) => c.strong);
    const actions = columns[columns.length - 1]!;
    const fields = columns.filter((c) => c !== title && c !== actions);
    return (
      <ul className={['space-y-3', className].filter(Boolean).join(' ')} data-testid={`${testId}-cards`}>
        {rows.map((row) => (
          <li key={row.id} data-testid="record-card" className="rounded-2xl border border-slate-300 bg-white p-4">
            {title && <p className="text-lg font-bold break-all">{title.cell(row)}</p>}
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              {fields.map((c) => (
                <div key={c.header} className="contents">
                  <dt className="text-slate-600">{c.header}</dt>
                  <dd>{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-3 [&>*]:w-full">{actions.cell(row)}</div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-300 bg-white">
      <table className={['w-full min-w-[640px] text-left', className].filter(Boolean).join(' ')} data-testid={testId}>
        <thead className="bg-slate-800 text-white">
          <tr>
            {columns.map((c) => (
              <th key={c.header} className="px-4 py-3">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.header} className={c.strong ? 'px-4 py-3 font-semibold' : 'px-4 py-3'}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
