import { describe, expect, it } from 'vitest';
import { validateChallengeForm } from '../../../src/shared/domain/challenge-form.js';
import { BOUND_REFUSALS, fieldTooLong, stripControlCharacters } from '../../../src/shared/domain/input-bounds.js';
import type { OrderRequest } from '../../../src/shared/domain/order-request.js';
import { validateOrder } from '../../../src/shared/domain/order-validation.js';
import { validateReservation } from '../../../src/shared/domain/reservation-form.js';
import { ORDER_RULE_CASES, ORDER_RULE_MENU } from '../../shared/order-rule-cases.js';

const accepted = ORDER_RULE_CASES.find((c) => c.expected.ok && c.order.isPreorder)!;
const check = (order: Partial<OrderRequest>, customer: Partial<OrderRequest['customer']> = {}) =>
  validateOrder({
    now: new Date(accepted.now),
    settings: accepted.settings,
    menu: ORDER_RULE_MENU,
    specialPrices: [],
    order: { ...accepted.order, ...order, customer: { ...accepted.order.customer, ...customer } },
  });

describe('input bounds, the same as the database refuses first', () => {
  it('accepts the shared accepted pre-order as it is', () => {
    expect(check({}).ok).toBe(true);
  });

  it('refuses more than 50 lines, long fields and a pre-order more than 60 days ahead', () => {
    expect(check({ items: Array.from({ length: 51 }, () => ({ menuItemId: 't-fries', quantity: 1 })) })).toEqual({
      ok: false,
      ...BOUND_REFUSALS.too_many_lines,
    });
    expect(check({}, { name: 'A'.repeat(201) })).toEqual({ ok: false, ...fieldTooLong('Le nom', 200) });
    expect(check({}, { notes: 'n'.repeat(2001) })).toEqual({
      ok: false,
      code: 'field_too_long',
      title: 'Information trop longue',
      message: 'La remarque ne peut pas dépasser 2000 caractères.',
    });
    expect(check({ preorderDate: '9999-12-31' })).toEqual({ ok: false, ...BOUND_REFUSALS.preorder_too_far });
  });

  it('refuses a reservation more than a year ahead or with a long field, on that field', () => {
    const form = {
      name: 'Ana',
      email: 'ana@example.lu',
      phone: '621 123 456',
      date: '9999-12-31',
      time: '20:00',
      people: '2',
    };
    expect(validateReservation(form, new Date('2026-11-24T12:00:00Z'))).toEqual({
      ok: false,
      field: 'date',
      ...BOUND_REFUSALS.date_too_far,
    });
    expect(validateReservation({ ...form, date: '2027-11-24' }, new Date('2026-11-24T12:00:00Z')).ok).toBe(true);
    expect(
      validateReservation({ ...form, date: '2026-12-01', message: 'm'.repeat(2001) }, new Date('2026-11-24T12:00:00Z')),
    ).toMatchObject({
      ok: false,
      field: 'message',
      message: 'Le message ne peut pas dépasser 2000 caractères.',
    });
  });

  it('refuses a challenge sign-up with a long phone on the phone field', () => {
    expect(
      validateChallengeForm({ name: 'Tiago', email: 't@example.lu', phone: '6'.repeat(41), agreedToTerms: true }),
    ).toEqual({
      ok: false,
      errors: { phone: 'Le téléphone ne peut pas dépasser 40 caractères.' },
    });
  });

  it('strips control characters as the database stores customer text', () => {
    expect(stripControlCharacters('Bob\u001bp022\u009b\tx')).toBe('Bobp022 x');
    expect(stripControlCharacters('Porte\u001dV\r\n2e\u0007', true)).toBe('PorteV\n2e');
  });
});
