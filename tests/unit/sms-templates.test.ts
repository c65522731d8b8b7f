// The SMS a customer without an e-mail, or a guest, receives: French, one message (at most 160 characters)
// whatever the order, the reason or the restaurant's name.
import { describe, expect, it } from 'vitest';
import {
  renderOrderSms,
  renderReservationSms,
  renderSms,
  SMS_MAX_LENGTH,
} from '../../supabase/functions/_shared/templates/sms.ts';
import { RESTAURANT } from '../../supabase/functions/_shared/restaurant.ts';

const LONG =
  'Une panne de four nous oblige à fermer la cuisine plus tôt ce soir, nous sommes vraiment désolés. '.repeat(3);
const longName = { ...RESTAURANT, name: 'Churrasqueira Differdange — Grill & Frango da Casa do Povo' };
const order = (extra: Record<string, unknown>) => ({
  order_id: 'a1b2c3d4-0000',
  order_number: 'a1b2c3d4',
  delivery_method: 'pickup',
  ...extra,
});

describe('SMS templates', () => {
  const cases: [string, string][] = [];
  for (const restaurant of [RESTAURANT, longName]) {
    cases.push(
      [
        'accepted',
        renderOrderSms(order({ sms_event: 'accepted', ready_text: 'Prête le 29/11 vers 19:45' }), restaurant),
      ],
      [
        'accepted, delivery',
        renderOrderSms(
          order({
            sms_event: 'accepted',
            delivery_method: 'delivery',
            ready_text: 'Livraison prévue le 29/11 vers 19:45',
          }),
          restaurant,
        ),
      ],
      ['refused, short reason', renderOrderSms(order({ sms_event: 'refused', refusal_reason: 'Complet' }), restaurant)],
      ['refused, long reason', renderOrderSms(order({ sms_event: 'refused', refusal_reason: LONG }), restaurant)],
      ['ready, pickup', renderOrderSms(order({ sms_event: 'ready' }), restaurant)],
      ['ready, delivery', renderOrderSms(order({ sms_event: 'ready', delivery_method: 'delivery' }), restaurant)],
      [
        'table confirmed',
        renderReservationSms(
          { status: 'Confirmée', reservation_date: '2026-12-24', reservation_time: '19:30:00', people: '10+' },
          restaurant,
        ),
      ],
      [
        'table cancelled',
        renderReservationSms(
          { status: 'Annulée', reservation_date: '2026-12-24', reservation_time: '19:30:00', cancel_reason: LONG },
          restaurant,
        ),
      ],
    );
  }

  it.each(cases)('%s fits one SMS', (_, text) => {
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(text).not.toMatch(/undefined|null|\[object/);
  });

  it('says what happened, in French', () => {
    expect(renderOrderSms(order({ sms_event: 'accepted', ready_text: 'Prête vers 19:45' }))).toBe(
      'Churrasqueira Differdange : votre commande a1b2c3d4 est acceptée. Prête vers 19:45. Tél. +352 26 58 40 12',
    );
    expect(renderOrderSms(order({ sms_event: 'refused', refusal_reason: 'Plus de poulet' }))).toBe(
      'Churrasqueira Differdange : désolés, votre commande a1b2c3d4 est refusée. Motif : Plus de poulet. Tél. +352 26 58 40 12',
    );
    const cut = renderOrderSms(order({ sms_event: 'refused', refusal_reason: LONG }));
    expect(cut).toMatch(/Motif : Une panne de four.*[^.]\.\.\. Tél\. \+352 26 58 40 12$/);
    expect(
      renderReservationSms({
        status: 'Confirmée',
        reservation_date: '2026-12-24',
        reservation_time: '19:30:00',
        people: '4',
      }),
    ).toBe('Churrasqueira Differdange : votre table du 24/12 à 19:30 (4 pers.) est confirmée. À bientôt !');
  });

  it('a message queued with its own text keeps it; an unknown kind is an error, never an empty SMS', () => {
    expect(renderSms('order_status', { body: 'Texte libre' })).toBe('Texte libre');
    expect(() => renderSms('order_confirmation', {})).toThrow();
    expect(() => renderOrderSms(order({ sms_event: 'other' }))).toThrow();
  });
});
