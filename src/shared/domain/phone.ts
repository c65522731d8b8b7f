/** A phone number that cannot be turned into an international (E.164) number. */
export class InvalidPhoneNumberError extends Error {
  constructor(
    readonly raw: string,
    reason: string,
  ) {
    super(`Invalid phone number "${raw}": ${reason}`);
    this.name = 'InvalidPhoneNumberError';
  }
}

/**
 * Normalises a number as a customer typed it to E.164 (`+352621123456`).
 * Without an international prefix (`+` or `00`) the number is national to `defaultCountryCode`
 * (Luxembourg by default); a leading trunk `0` of a national number is dropped (France, Portugal…).
 */
export function toE164(raw: string, defaultCountryCode = '352'): string {
  if (!/^[1-9]\d{0,2}$/.test(defaultCountryCode)) {
    throw new Error(`Country code must be 1 to 3 digits, got "${defaultCountryCode}"`);
  }
  // "(+352) 621…" is a common way of writing the prefix.
  const trimmed = raw.trim().replace(/^\(\+/, '+(');
  if (trimmed === '') throw new InvalidPhoneNumberError(raw, 'empty');
  if (!/^\+?[\d\s.\-/()]+$/.test(trimmed)) {
    throw new InvalidPhoneNumberError(raw, 'only digits, spaces, "+", ".", "-", "/" and parentheses are allowed');
  }
  const hasPlus = trimmed.startsWith('+');
  const digits = trimmed.replace(/\D/g, '');
  let international: string;
  if (hasPlus) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else international = defaultCountryCode + digits.replace(/^0/, '');
  if (international.startsWith('0')) throw new InvalidPhoneNumberError(raw, 'country code cannot start with 0');
  if (international.length < 8) throw new InvalidPhoneNumberError(raw, 'too short');
  if (international.length > 15) throw new InvalidPhoneNumberError(raw, 'too long (E.164 allows 15 digits)');
  return '+' + international;
}

/** True when `toE164` accepts the number. */
export function isPhoneNumber(raw: string, defaultCountryCode = '352'): boolean {
  try {
    toE164(raw, defaultCountryCode);
    return true;
  } catch {
    return false;
  }
}
