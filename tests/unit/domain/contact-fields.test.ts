import { describe, expect, it } from 'vitest';
import { validateChallengeForm } from '../../../src/shared/domain/challenge-form.js';
import {
  E164_PATTERN,
  isLuxPostalCode,
  isPersonName,
  normalizePhone,
  phoneForDisplay,
} from '../../../src/shared/domain/contact-fields.js';
import { REFUSALS } from '../../../src/shared/domain/refusals.js';
import { validateReservation } from '../../../src/shared/domain/reservation-form.js';

describe('phone numbers as customers type them (libphonenumber-js, Luxembourg by default)', () => {
  it.each([
    ['691 123 456', '+352691123456'],
    ['621123456', '+352621123456'],
    ['+352 621 123 456', '+352621123456'],
    ['00352 661 000 111', '+352661000111'],
    ['(+352) 621 123 456', '+352621123456'],
    ['26 58 40 12', '+35226584012'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
    ['+351 912 345 678', '+351912345678'],
    ['+49 151 23456789', '+4915123456789'],
  ])('%s → %s', (typed, e164) => {
    expect(normalizePhone(typed)).toBe(e164);
    expect(e164).toMatch(E164_PATTERN);
  });

  it.each([
    'abc',
    '📞📞📞',
    '621',
    '6',
    '',
    '   ',
    '+352 99',
    '691 123 456 abc',
    'javascript:alert(1)',
    '+0 123 456 789',
  ])('refuses « %s »', (typed) => expect(normalizePhone(typed)).toBeNull());
});

describe('a stored number shown to people', () => {
  it('is written with its spaces, anything else as it is', () => {
    expect(phoneForDisplay('+352691777888')).toBe('+352 691 777 888');
    expect(phoneForDisplay('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(phoneForDisplay('621 555 000')).toBe('621 555 000');
  });
});

describe('names and postal codes', () => {
  it('wants two letters of any alphabet in a name', () => {
    for (const name of ['Zé', 'Ana Silva', "O'Brien", 'Jean-Luc', 'Łukasz', 'Ωμέγα', '李明', 'Ana 😀'])
      expect(isPersonName(name), name).toBe(true);
    for (const name of ['x', '😀🍗🔥', '12', '', ' ', '-.-', 'x 😀']) expect(isPersonName(name), name).toBe(false);
  });

  it('takes L-NNNN or NNNN', () => {
    for (const code of ['L-4502', 'l 4502', '4502', ' L4502 ']) expect(isLuxPostalCode(code), code).toBe(true);
    for (const code of ['zzz', '45020', '450', 'D-4502', '', null])
      expect(isLuxPostalCode(code), String(code)).toBe(false);
  });
});

describe('the reservation and challenge forms', () => {
  const now = new Date('2026-11-23T09:00:00Z');
  const form = {
    name: 'Ana',
    email: 'ana@example.lu',
    phone: '691 123 456',
    date: '2026-11-24',
    time: '19:30',
    people: '2',
  };

  it('refuse « x », « 😀 » and « abc » on their field, and store the phone in E.164', () => {
    expect(validateReservation({ ...form, name: 'x' }, now)).toMatchObject({ field: 'name', ...REFUSALS.invalid_name });
    expect(validateReservation({ ...form, name: '😀' }, now)).toMatchObject({ field: 'name', code: 'invalid_name' });
    expect(validateReservation({ ...form, phone: 'abc' }, now)).toMatchObject({
      field: 'phone',
      ...REFUSALS.invalid_phone,
    });
    expect(validateReservation(form, now)).toMatchObject({ ok: true, reservation: { phone: '+352691123456' } });
  });

  it('challenge: the name needs two letters, a phone when given must be real', () => {
    const base = { name: 'Ana', email: 'ana@example.lu', agreedToTerms: true };
    expect(validateChallengeForm({ ...base, name: 'x', phone: 'abc' })).toEqual({
      ok: false,
      errors: { name: REFUSALS.invalid_name.message, phone: REFUSALS.invalid_phone.message },
    });
    expect(validateChallengeForm({ ...base, phone: '' })).toMatchObject({ ok: true, registration: { phone: null } });
    expect(validateChallengeForm({ ...base, phone: '+33 6 12 34 56 78' })).toMatchObject({
      ok: true,
      registration: { phone: '+33612345678' },
    });
  });
});
