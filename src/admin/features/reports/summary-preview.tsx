import { layoutDaySummary, type TakingsReport, type TicketColumns, type TicketLine } from '../../../shared/domain/index.js';
import { TICKET_RESTAURANT } from '../../../shared/domain/restaurant.js';

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

function Line({ line, columns }: { line: TicketLine; columns: number }) {
  if (line.kind === 'rule') return <div aria-hidden className="overflow-hidden whitespace-pre">{'-'.repeat(columns)}</div>;
  const double = line.size === 'double';
  return (
    <div className={`whitespace-pre ${ALIGN[line.align]} ${line.bold ? 'font-bold' : ''}`} style={double ? { fontSize: '2em', lineHeight: 1.15 } : undefined}>
      {line.text || '\u00a0'}
    </div>
  );
}

/** The day summary drawn from the layout the kiosk prints: `columns` characters across 80 mm. */
export function SummaryPreview({ report, columns, printedAt }: { report: TakingsReport; columns: TicketColumns; printedAt: Date }) {
  const lines = layoutDaySummary(report, { columns, restaurant: TICKET_RESTAURANT, printedAt });
  return (
    <div
      data-testid="day-summary"
      data-columns={columns}
      className="mx-auto bg-white px-[3mm] py-4 font-mono text-black shadow-lg print:shadow-none"
      style={{ width: '80mm', fontSize: `calc((80mm - 6mm) / ${columns} / 0.6)`, lineHeight: 1.3 }}
    >
      {lines.map((line, i) => (
        <Line key={i} line={line} columns={columns} />
      ))}
    </div>
  );
}
