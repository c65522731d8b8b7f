import type { TicketLine } from '../../../shared/domain/index.js';

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

function Line({ line, columns }: { line: TicketLine; columns: number }) {
  if (line.kind === 'rule')
    return (
      <div aria-hidden className="overflow-hidden whitespace-pre">
        {'-'.repeat(columns)}
      </div>
    );
  const double = line.size === 'double';
  return (
    <div
      className={`whitespace-pre ${ALIGN[line.align]} ${line.bold ? 'font-bold' : ''}`}
      style={double ? { fontSize: '2em', lineHeight: 1.15 } : undefined}
    >
      {line.text || '\u00a0'}
    </div>
  );
}

/** Lines laid out for the thermal printer, drawn on 80 mm paper: `columns` characters fill the printable width. */
export function PaperTicket({ lines, columns, testId }: { lines: TicketLine[]; columns: number; testId: string }) {
  return (
    <div
      data-testid={testId}
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
