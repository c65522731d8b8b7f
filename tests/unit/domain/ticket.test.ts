import { describe, expect, it } from 'vitest';
import {
  layoutTicket,
  ticketLineWidth,
  ticketToPlainText,
  type TicketColumns,
  type TicketLine,
  type TicketOrder,
} from '../../../src/shared/domain/ticket.js';
import { leaderLines, spellOutLigatures, textWidth, wrapText } from '../../../src/shared/domain/ticket-text.js';
import { TICKET_FR } from '../../../src/shared/i18n/ticket-fr.js';

const restaurant = {
  name: 'Churrasqueira Differdange',
  address: '1 Grand-Rue, L-4575 Differdange',
  phone: '+352 58 00 00',
};

const order: TicketOrder = {
  id: '3f2a1b0c-9d8e-4b59-9f5e-3f2a1b0c9d8e',
  created_at: '2026-11-23T11:05:00Z',
  customer_name: 'Ana Silva',
  customer_phone: '+352 621 123 456',
  customer_address: '12 rue Émile Mark',
  customer_postal_code: 'L-4620',
  customer_city: 'Differdange',
  delivery_method: 'delivery',
  payment_method: 'card',
  is_preorder: false,
  preorder_date: null,
  preorder_time: null,
  order_items: [
    { id: '32', name: 'Poulet grillé', quantity: 2, price: 12.5, options: [] },
    {
      id: 'k1_nuggets',
      name: 'Menu Enfant (Nuggets)',
      quantity: 1,
      price: 9.8,
      options: [
        { name: 'Sauce piri-piri', price: 1 },
        { name: 'Sans sel', price: 0 },
      ],
    },
  ],
  total_price: 35.8,
  delivery_fee: 2.5,
  discount_amount: 0,
  discount_percentage: 0,
  grand_total: 38.3,
  notes: 'Sonner deux fois, 3e étage.',
};

const texts = (lines: TicketLine[]) => lines.flatMap((l) => (l.kind === 'text' ? [l.text] : []));

describe('customer ticket', () => {
  const lines = layoutTicket(order, { kind: 'customer', restaurant, words: TICKET_FR });
  const t = texts(lines);

  it('has the header, order number, Luxembourg time and the delivery address', () => {
    // 25 characters do not fit the 21 of a double-width line at 42 columns: wrapped.
    expect(lines.slice(0, 2)).toEqual([
      { kind: 'text', text: 'Churrasqueira', align: 'center', bold: true, size: 'double' },
      { kind: 'text', text: 'Differdange', align: 'center', bold: true, size: 'double' },
    ]);
    expect(t).toContain('Commande n° 3f2a1b0c');
    expect(t).toContain('23/11/2026 12:05');
    expect(t).toContain('LIVRAISON');
    expect(t).toContain('12 rue Émile Mark');
    expect(t).toContain('L-4620 Differdange');
  });

  it('lists items with dotted leaders padded to 42 columns, options indented', () => {
    expect(t).toContain(`2x Poulet grillé ${'.'.repeat(17)} 25,00 €`);
    const chicken = t.find((x) => x.startsWith('2x Poulet grillé'))!;
    expect(textWidth(chicken)).toBe(42);
    expect(chicken.endsWith(' 25,00 €')).toBe(true);
    expect(t.some((x) => x.startsWith('   + Sauce piri-piri') && x.endsWith('1,00 €'))).toBe(true);
    expect(t).toContain('   + Sans sel');
  });

  it('ends with notes, totals and the payment method', () => {
    expect(t).toContain('Sonner deux fois, 3e étage.');
    expect(t.find((x) => x.startsWith('Sous-total'))?.endsWith('35,80 €')).toBe(true);
    expect(t.find((x) => x.startsWith('Frais de livraison'))?.endsWith('2,50 €')).toBe(true);
    expect(t.some((x) => x.startsWith('Remise'))).toBe(false);
    const total = lines.find((l) => l.kind === 'text' && l.text.startsWith('TOTAL'));
    expect(total).toMatchObject({ bold: true, size: 'double' });
    expect(total?.kind === 'text' && total.text.endsWith('38,30 €')).toBe(true);
    expect(t).toContain('Paiement : Carte bancaire');
  });

  it('shows a discount with the default 10 % when no percentage was stored', () => {
    const t2 = texts(
      layoutTicket(
        { ...order, discount_amount: 3.58, grand_total: 34.72 },
        { kind: 'customer', restaurant, words: TICKET_FR },
      ),
    );
    expect(t2.find((x) => x.startsWith('Remise (10 %)'))?.endsWith('-3,58 €')).toBe(true);
  });

  it('shows a pre-order prominently and no address or fee for pickup', () => {
    const pre = layoutTicket(
      {
        ...order,
        delivery_method: 'pickup',
        delivery_fee: 0,
        grand_total: 35.8,
        customer_address: null,
        customer_postal_code: null,
        customer_city: null,
        is_preorder: true,
        preorder_date: '2026-11-25',
        preorder_time: '19:15:00',
      },
      { kind: 'customer', restaurant, words: TICKET_FR },
    );
    const t3 = texts(pre);
    expect(t3).toContain('À EMPORTER');
    expect(pre).toContainEqual({ kind: 'text', text: 'PRÉ-COMMANDE', align: 'center', bold: true, size: 'double' });
    expect(t3).toContain('Pour le mercredi 25 novembre 2026');
    expect(t3).toContain('à 19:15 (25/11/2026)');
    expect(t3.some((x) => x.startsWith('Frais de livraison'))).toBe(false);
    expect(t3.some((x) => x.includes('Differdange') && x.startsWith('L-'))).toBe(false);
  });
});

describe('kitchen ticket', () => {
  const lines = layoutTicket(order, { kind: 'kitchen', restaurant, columns: 32, words: TICKET_FR });
  const t = texts(lines);

  it('has large items, their options and the notes, but no prices', () => {
    expect(lines).toContainEqual({ kind: 'text', text: '2x Poulet grillé', align: 'left', bold: true, size: 'double' });
    expect(t).toContain(' + Sans sel');
    expect(t.join('\n')).not.toContain('€');
    expect(t).toContain('Sonner deux fois, 3e étage.');
    expect(t[0]).toBe('CUISINE');
  });
});

describe('ticket widths', () => {
  const longOrder: TicketOrder = {
    ...order,
    customer_name: 'Maria da Conceição Fernandes de Albuquerque e Vasconcelos',
    customer_address: 'Résidence « Les Jardins », appartement 12, 145 avenue de la Liberté',
    order_items: [
      {
        id: 'f1',
        name: 'Francesinha especial à moda da casa avec œuf, frites et sauce maison épicée',
        quantity: 12,
        price: 28.2,
        options: [{ name: 'Supplément fromage gratiné et chouriço fumé au feu de bois', price: 2.5 }],
      },
      {
        id: 'x',
        name: 'Supercalifragilisticexpialidociousmenuextraordinaire',
        quantity: 1,
        price: 1234.56,
        options: [],
      },
      { id: 'b', name: 'Eau', quantity: 99, price: 2.87, options: [] },
    ],
    notes: 'Une très longue remarque\nsur deux lignes, avec des accents : éèêëàâîïôöùûüç et le signe €.',
    discount_amount: 1,
    discount_percentage: 5,
  };

  it.each([48, 42, 32] as TicketColumns[])('never exceed %i columns, for both kinds', (columns) => {
    for (const kind of ['customer', 'kitchen'] as const) {
      for (const o of [order, longOrder]) {
        const lines = layoutTicket(o, { kind, restaurant, columns, words: TICKET_FR });
        for (const line of lines) expect(ticketLineWidth(line), JSON.stringify(line)).toBeLessThanOrEqual(columns);
        expect(lines.length).toBeGreaterThan(10);
      }
    }
  });

  it('keep every word of a long name across wrapped lines', () => {
    const t = texts(layoutTicket(longOrder, { kind: 'customer', restaurant, columns: 32, words: TICKET_FR })).join(' ');
    for (const word of [
      'Francesinha',
      'épicée',
      'oeuf',
      'Supercalifragilistic',
      '1234,56',
      '284,13 €',
      'éèêëàâîïôöùûüç',
    ])
      expect(t).toContain(word);
  });

  it('refuse an unsupported width', () => {
    expect(() =>
      layoutTicket(order, { kind: 'customer', restaurant, columns: 40 as TicketColumns, words: TICKET_FR }),
    ).toThrow(RangeError);
  });

  it('render a readable plain-text preview', () => {
    const preview = ticketToPlainText(layoutTicket(order, { kind: 'customer', restaurant, words: TICKET_FR }));
    expect(preview.split('\n').every((l) => textWidth(l) <= 42)).toBe(true);
    expect(preview).toContain('-'.repeat(42));
  });
});

describe('ticket text helpers', () => {
  it('wrap at spaces and cut words longer than the width', () => {
    expect(wrapText('Poulet grillé entier au charbon', 14)).toEqual(['Poulet grillé', 'entier au', 'charbon']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('', 10)).toEqual(['']);
    expect(wrapText('un\n\ndeux', 10)).toEqual(['un', '', 'deux']);
  });

  it('spell out ligatures the printer would widen, keep accents and the euro sign', () => {
    expect(spellOutLigatures('Bœuf Œuvre… 3 €, crème brûlée')).toBe('Boeuf OEuvre... 3 €, crème brûlée');
  });

  it('count accented letters and the euro sign as one column, also when decomposed', () => {
    expect(textWidth('é€')).toBe(2);
    expect(textWidth('e\u0301')).toBe(1);
  });

  it('put the right text on the last wrapped line', () => {
    expect(leaderLines('1x Bière', '3,50 €', 20)).toEqual(['1x Bière .... 3,50 €']);
    expect(leaderLines('1x Une bière très fraîche', '3,50 €', 20)).toEqual(['1x Une bière', 'très fraîche  3,50 €']);
  });
});
