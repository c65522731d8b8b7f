// The rule of src/shared/domain/phone.ts (tested to agree): numbers without "+" or "00" are national
// to the default country (Luxembourg, 352) and lose a leading trunk 0.

export class InvalidPhoneNumberError extends Error {
  constructor(
    readonly raw: string,
    reason: string,
  ) {
    super(`Invalid phone number "${raw}": ${reason}`);
    this.name = 'InvalidPhoneNumberError';
  }
}

export function toE164(raw: string, defaultCountryCode = '352'): string {
  if (!/^[1-9]\d{0,2}$/.test(defaultCountryCode))
    throw new Error(`Country code must be 1 to 3 digits, got "${defaultCountryCode}"`);
  const trimmed = raw.trim().replace(/^\(\+/, '+(');
  if (trimmed === '') throw new InvalidPhoneNumberError(raw, 'empty');
  if (!/^\+?[\d\s.\-/()]+$/.test(trimmed)) {
    throw new InvalidPhoneNumberError(raw, 'only digits, spaces, "+", ".", "-", "/" and parentheses are allowed');
  }
  const digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+')
    ? digits
    : digits.startsWith('00')
      ? digits.slice(2)
      : defaultCountryCode + digits.replace(/^0/, '');
  if (international.startsWith('0')) throw new InvalidPhoneNumberError(raw, 'country code cannot start with 0');
  if (international.length < 8) throw new InvalidPhoneNumberError(raw, 'too short');
  if (international.length > 15) throw new InvalidPhoneNumberError(raw, 'too long (E.164 allows 15 digits)');
  return '+' + international;
}
