import { afterEach, describe, expect, it } from 'vitest';
import { renderOrderTickets, renderTestTicket, ticketTextBytes } from '../../src/main/printer/escpos';
import { printOrderTickets } from '../../src/main/printer/print-service';
import { layoutTicket, type TicketLine } from '../../src/shared/domain/ticket';
import { TICKET_RESTAURANT } from '../../src/shared/domain/restaurant';
import { TICKET_FR } from '../../src/shared/i18n/ticket-fr';
import { toPrintableText } from '../../src/shared/domain/printable-text';
import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../src/shared/ipc';
import { decodeEscPos, type DecodedLine } from './support/escpos-decoder';
import { FakePrinter } from './support/fake-printer';
import { sampleOrder } from './support/order';

const settings = (over: Partial<PrinterSettings> = {}): PrinterSettings => ({
  ...DEFAULT_PRINTER_SETTINGS,
  interface: 'tcp://127.0.0.1:9',
  ...over,
});

/** What the HTML print preview shows for each line of the layout. */
function previewText(
  lines: TicketLine[],
  columns: number,
): { text: string; bold: boolean; double: boolean; align: string }[] {
  return lines.map((l) =>
    l.kind === 'rule'
      ? { text: '-'.repeat(columns), bold: false, double: false, align: 'left' }
      : { text: toPrintableText(l.text), bold: l.bold, double: l.size === 'double', align: l.align },
  );
}

function printed(lines: DecodedLine[]) {
  return lines.map((l) => ({ text: l.text, bold: l.bold, double: l.doubleHeight, align: l.align }));
}

describe('ESC/POS tickets', () => {
  let printer: FakePrinter | null = null;
  afterEach(async () => {
    await printer?.stop();
    printer = null;
  });

  it.each([48, 42, 32] as const)(
    'prints, at %i columns, line for line what the preview shows, € and accents included',
    async (width) => {
      printer = await new FakePrinter().start();
      const order = sampleOrder();
      await printOrderTickets(order, settings({ width, interface: printer.url, copies: 2 }));
      const [job] = await printer.waitForJobs(1);
      const decoded = decodeEscPos(job);
      const preview = previewText(
        layoutTicket(order, { columns: width, kind: 'customer', restaurant: TICKET_RESTAURANT, words: TICKET_FR }),
        width,
      );

      expect(decoded.cuts).toBe(2);
      expect(decoded.tickets).toHaveLength(2);
      for (const ticket of decoded.tickets) expect(printed(ticket)).toEqual(preview);
      const all = decoded.tickets
        .flat()
        .map((l) => l.text)
        .join('\n');
      expect(all).toContain('€');
      expect(all).toContain('Élodie Gonçalves');
      expect(all).toContain('OEuf au plat');
      expect(all).not.toMatch(/\?{2,}|�/);
      // The code page with the euro sign is in force for every line, and selected again after each cut.
      expect(new Set(decoded.tickets.flat().map((l) => l.codePage))).toEqual(new Set([19]));
      const tooWide = decoded.tickets.flat().filter((l) => [...l.text].length > (l.doubleHeight ? width / 2 : width));
      expect(tooWide).toEqual([]);
    },
  );

  it('prints the ready time the kitchen works to, and a pre-order’s due time, as the preview shows them', () => {
    const cases: [Partial<Parameters<typeof sampleOrder>[0]>, string[]][] = [
      // Accepted for 12:45 (11:45Z in November): the paper says when.
      [{ delivery_method: 'pickup', ready_at: '2026-11-19T11:45:00Z' }, ['Prête à 12:45']],
      [{ delivery_method: 'delivery', ready_at: '2026-07-01T10:15:00Z' }, ['Livrée vers 12:15']],
      // A pre-order ready at its slot: the slot says it once.
      [
        { is_preorder: true, preorder_date: '2026-11-20', preorder_time: '12:30:00', ready_at: '2026-11-20T11:30:00Z' },
        ['PRÉ-COMMANDE', 'à 12:30 (20/11/2026)'],
      ],
      // Accepted for another time than its slot: both.
      [
        {
          is_preorder: true,
          preorder_date: '2026-11-20',
          preorder_time: '12:30',
          delivery_method: 'pickup',
          ready_at: '2026-11-20T11:50:00Z',
        },
        ['à 12:30 (20/11/2026)', 'Prête à 12:50'],
      ],
    ];
    for (const [over, expected] of cases) {
      const order = sampleOrder(over);
      for (const kind of ['customer', 'kitchen'] as const) {
        const bytes = renderOrderTickets(order, settings({ kitchenTicket: true }));
        const ticket = decodeEscPos(bytes).tickets[kind === 'customer' ? 0 : 1]!;
        const preview = previewText(
          layoutTicket(order, { columns: 42, kind, restaurant: TICKET_RESTAURANT, words: TICKET_FR }),
          42,
        );
        expect(printed(ticket)).toEqual(preview);
        const text = ticket.map((l) => l.text);
        for (const line of expected) expect(text, `${kind} ${JSON.stringify(over)}`).toContain(line);
        if (!expected.some((l) => l.startsWith('Prête') || l.startsWith('Livrée')))
          expect(text.some((l) => /^(Prête|Livrée)/.test(l))).toBe(false);
      }
    }
    // Not yet accepted: no ready time to print.
    expect(
      decodeEscPos(renderOrderTickets(sampleOrder(), settings()))
        .tickets[0]!.map((l) => l.text)
        .some((l) => /^(Prête|Livrée)/.test(l)),
    ).toBe(false);
  });

  it('adds a kitchen ticket without prices and opens the drawer for cash', () => {
    const order = sampleOrder({ payment_method: 'cash' });
    const decoded = decodeEscPos(renderOrderTickets(order, settings({ kitchenTicket: true, cashDrawer: true })));
    expect(decoded.cuts).toBe(2);
    const kitchen = decoded.tickets[1].map((l) => l.text).join('\n');
    expect(kitchen).toContain('2x Poulet grillé');
    expect(kitchen).not.toContain('€');
    expect(decoded.drawerKicks).toBe(1);
    expect(
      decodeEscPos(renderOrderTickets(sampleOrder({ payment_method: 'card' }), settings({ cashDrawer: true })))
        .drawerKicks,
    ).toBe(0);
  });

  it('keeps the euro sign after a cut, also when the next ticket starts right away', () => {
    const decoded = decodeEscPos(renderOrderTickets(sampleOrder(), settings({ copies: 3 })));
    expect(decoded.codePageAfterCut.slice(0, 2)).toEqual([19, 19]);
    for (const t of decoded.tickets) expect(t.map((l) => l.text).join('')).toContain('€');
  });

  it('prints a test ticket with the ruler at the chosen width', () => {
    const decoded = decodeEscPos(renderTestTicket(settings({ width: 32 })));
    const lines = decoded.tickets[0].map((l) => l.text);
    expect(lines).toContain('12345678901234567890123456789012');
    expect(lines.join('\n')).toContain('12,50 €');
    expect(lines.join('\n')).toContain('Coração');
    expect(decoded.cuts).toBe(1);
  });

  it('selects the Star code page for Star printers', () => {
    const bytes = renderOrderTickets(sampleOrder(), settings({ type: 'star' }));
    expect(bytes.includes(Buffer.from([0x1b, 0x1d, 0x74, 0x04]))).toBe(true);
  });
});

describe('customer text cannot command the printer', () => {
  let printer: FakePrinter | null = null;
  afterEach(async () => {
    await printer?.stop();
    printer = null;
  });

  const ESC_P = '\x1bp\x00\x19\xfa';
  const CUT = '\x1dV\x00';
  const DLE_DRAWER = '\x10\x14\x01\x00\x05';
  const DLE_STATUS = '\x10\x04\x01';
  const INIT = '\x1b@';
  const C1 = '\u009b\u0085';
  const injected = (s: string) => `${s}${ESC_P}${CUT}${DLE_DRAWER}${DLE_STATUS}${INIT}\x1c\x7f${C1}\x1b!\x30\x1dV`;
  const hostile = () =>
    sampleOrder({
      id: `${ESC_P}${CUT}-4e5f-4a6b-8c7d-000000000001`,
      payment_method: 'card',
      customer_name: 'Bob\x1bp022',
      customer_phone: injected('+352 621'),
      customer_address: injected('3, Rue'),
      customer_postal_code: injected('L-'),
      customer_city: injected('Niederkorn'),
      notes: `Sonner ${CUT} deux fois ${injected('!')}`,
      is_preorder: true,
      preorder_date: injected('2026-'),
      preorder_time: injected('12:'),
      order_items: [
        {
          id: '1',
          name: injected('Poulet'),
          quantity: 1,
          price: 15,
          options: [
            { id: 'o', name: injected('Frites'), price: 0 },
            { id: 'p', name: injected('Sauce'), price: 1 },
          ],
        },
      ],
    });
  /** The same order with every control character already replaced by '?'. */
  const tamed = (order: ReturnType<typeof sampleOrder>) =>
    JSON.parse(
      JSON.stringify(order).replace(/\\u00([01][0-9a-f]|7f|[89][0-9a-f])/gi, (_m, hex) => (hex === '0a' ? '\\n' : '?')),
    );

  it.each(['epson', 'star'] as const)(
    'prints %s tickets with no drawer kick, cut, status query or reset it did not decide',
    async (type) => {
      printer = await new FakePrinter().start();
      const order = hostile();
      const s = settings({ type, interface: printer.url, copies: 2, kitchenTicket: true, cashDrawer: true });
      await printOrderTickets(order, s);
      const [job] = await printer.waitForJobs(1);
      expect(job.equals(renderOrderTickets(tamed(order), s))).toBe(true);
      if (type === 'epson') {
        const decoded = decodeEscPos(job);
        expect(decoded.drawerKicks).toBe(0);
        expect(decoded.cuts).toBe(3);
        expect(decoded.tickets).toHaveLength(3);
        const text = decoded.tickets
          .flat()
          .map((l) => l.text)
          .join('\n');
        expect(text).toContain('Client : Bob?p022');
        expect(text).toContain('Sonner ?V? deux fois');
      }
      for (const seq of [[0x10, 0x14], [0x10, 0x04], [0x1b, 0x70], [0x1c]])
        expect(job.includes(Buffer.from(seq)), seq.join(',')).toBe(false);
      // ESC @ (reset) only right after the encoder's own cuts.
      let resets = 0;
      for (let i = job.indexOf('\x1b@'); i !== -1; i = job.indexOf('\x1b@', i + 1)) resets++;
      expect(resets).toBe(3);
    },
  );

  it('turns every control character into ? and keeps the rest of the text', () => {
    for (let c = 0; c < 0xa0; c++) {
      if (c >= 0x20 && c < 0x7f) continue;
      expect([...ticketTextBytes(`a${String.fromCharCode(c)}b`)], c.toString(16)).toEqual([0x61, 0x3f, 0x62]);
    }
    expect(
      ticketTextBytes('12,50 € Coração').equals(
        Buffer.from([...Buffer.from('12,50 '), 0xd5, ...Buffer.from(' Cora'), 0x87, 0xc6, 0x6f]),
      ),
    ).toBe(true);
    expect(ticketTextBytes('漢字 ’ok’').toString('latin1')).toBe("?? 'ok'");
  });
});
