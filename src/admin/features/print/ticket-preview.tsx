import { layoutTicket, type Order, type TicketColumns, type TicketLine } from '../../../shared/domain/index.js';
import { RESTAURANT } from '../../../shared/domain/restaurant.js';

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

/** The paper ticket drawn from the same layout the kiosk prints: `columns` characters across 80 mm. */
export function TicketPreview({ order, columns }: { order: Order; columns: TicketColumns }) {
  const lines = layoutTicket(order, {
    columns,
    kind: 'customer',
    restaurant: { name: RESTAURANT.name, address: RESTAURANT.address, phone: RESTAURANT.phoneDisplay },
  });
  return (
    <div
      data-testid="ticket"
      data-columns={columns}
      className="mx-auto bg-white px-[3mm] py-4 font-mono text-black shadow-lg print:shadow-none"
      // 80 mm paper; the font is sized so that `columns` characters fill the printable width.
      style={{ width: '80mm', fontSize: `calc((80mm - 6mm) / ${columns} / 0.6)`, lineHeight: 1.3 }}
    >
      {lines.map((line, i) => (
        <Line key={i} line={line} columns={columns} />
      ))}
    </div>
  );
}
