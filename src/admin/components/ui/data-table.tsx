import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** The row's name, in bold. */
  strong?: boolean;
}

/** A wide list of records (scrolls sideways on a phone): a dark header row, one row per record. */
export function DataTable<Row extends { id: string }>({
  rows,
  columns,
  testId,
  className,
}: {
  rows: Row[];
  columns: Column<Row>[];
  testId: string;
  className?: string;
}) {
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
