import { describe, expect, it } from 'vitest';
import { InvalidPhoneNumberError, isPhoneNumber, toE164 } from '../../src/shared/domain/phone.js';

describe('toE164', () => {
  it.each([
    ['621 123 456', '+352621123456'],
    ['621123456', '+352621123456'],
    ['621.12.34.56', '+352621123456'],
    ['(+352) 621-123-456', '+352621123456'],
    ['+352 621 123 456', '+352621123456'],
    ['00352 621 123 456', '+352621123456'],
    ['00351 912 345 678', '+351912345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['  +49 171 1234567 ', '+491711234567'],
    ['26 12 34', '+352261234'],
  ])('%s → %s', (raw, e164) => {
    expect(toE164(raw)).toBe(e164);
  });

  it('treats a number without international prefix as national to the given country, dropping the trunk 0', () => {
    expect(toE164('06 12 34 56 78', '33')).toBe('+33612345678');
    expect(toE164('912 345 678', '351')).toBe('+351912345678');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['621 12a 456', 'only digits'],
    ['+352 abc', 'only digits'],
    ['12', 'too short'],
    ['+0 621 123 456', 'cannot start with 0'],
    ['+352 6211 2345 6789 0', 'too long'],
    ['++352621123456', 'only digits'],
  ])('rejects %j (%s)', (raw, reason) => {
    expect(() => toE164(raw)).toThrow(InvalidPhoneNumberError);
    expect(() => toE164(raw)).toThrow(reason);
    expect(isPhoneNumber(raw)).toBe(false);
  });

  it('rejects a malformed default country code', () => {
    expect(() => toE164('621123456', '+352')).toThrow('Country code');
  });
});
