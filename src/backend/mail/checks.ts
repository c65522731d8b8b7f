import { InvalidPhoneNumberError, toE164 } from '../../shared/domain/phone.js';
import { InvalidMessageError, LIST_HEADERS, type EmailMessage } from './types.js';

// One plain address: no list separators, quotes or brackets (nodemailer would read `x,victim@…` as two).
const ADDRESS = /^[^\s@<>,;:()[\]\\"]+@[^\s@<>,;:()[\]\\"]+\.[^\s@<>,;:()[\]\\"]+$/;

/** The bare address of `a@b.lu` or `Name <a@b.lu>`. */
export function bareAddress(value: string): string {
  const m = /<([^>]*)>\s*$/.exec(value);
  return (m ? m[1] : value).trim();
}

/** Recipients as a list, each checked; a bad message is not retryable. */
export function checkEmail(message: EmailMessage, provider: string): string[] {
  const to = (Array.isArray(message.to) ? message.to : [message.to]).map((t) => String(t ?? '').trim()).filter(Boolean);
  if (to.length === 0) throw new InvalidMessageError('E-mail has no recipient', provider);
  for (const t of to) {
    if (!ADDRESS.test(bareAddress(t))) throw new InvalidMessageError(`Invalid e-mail address "${t}"`, provider);
  }
  if (typeof message.subject !== 'string' || message.subject.trim() === '')
    throw new InvalidMessageError('E-mail has no subject', provider);
  if (typeof message.html !== 'string' || message.html === '')
    throw new InvalidMessageError('E-mail has no HTML body', provider);
  checkHeaders(message.headers, provider);
  return to;
}

/** Only the unsubscribe headers, each a single line: no header of the caller's choosing, no header injection. */
function checkHeaders(headers: unknown, provider: string): void {
  if (headers === undefined || headers === null) return;
  if (typeof headers !== 'object' || Array.isArray(headers))
    throw new InvalidMessageError('E-mail headers must be an object', provider);
  for (const [name, value] of Object.entries(headers)) {
    if (!(LIST_HEADERS as readonly string[]).includes(name))
      throw new InvalidMessageError(`E-mail header "${name}" is not allowed`, provider);
    if (typeof value !== 'string' || value === '' || value.length > 2000 || /[\r\n\0]/.test(value))
      throw new InvalidMessageError(`E-mail header "${name}" must be one line of text`, provider);
  }
}

export function smsRecipient(to: string, body: string, provider: string, defaultCountryCode: string): string {
  if (typeof body !== 'string' || body.trim() === '') throw new InvalidMessageError('SMS has no text', provider);
  try {
    return toE164(String(to ?? ''), defaultCountryCode);
  } catch (e) {
    if (e instanceof InvalidPhoneNumberError) throw new InvalidMessageError(e.message, provider);
    throw e;
  }
}
