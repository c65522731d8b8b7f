import {
  restaurantIdentitySchema,
  type RestaurantField,
  type RestaurantIdentity,
} from '../../../shared/domain/restaurant.js';
import { isPhoneNumber, toE164 } from '../../../shared/domain/phone.js';
import { stripControlCharacters } from '../../../shared/domain/input-bounds.js';
import type { MessageKey } from '../../i18n/pt.js';

/** The fields the form shows, in order; the phone is typed as people read it, stored also in E.164. */
export type FormField = Exclude<RestaurantField, 'phone'>;
export type Draft = Record<FormField, string>;

const problemKey = (message: string, code: string): MessageKey =>
  message === 'invalid_phone'
    ? 'restaurant.errorPhone'
    : message === 'invalid_email'
      ? 'restaurant.errorEmail'
      : message === 'invalid_link'
        ? 'restaurant.errorLink'
        : message === 'invalid_name'
          ? 'restaurant.errorName'
          : code === 'too_big'
            ? 'restaurant.errorTooLong'
            : 'restaurant.errorRequired';

/** The draft as the stored row, or the problem of each wrong field. */
export function checkRestaurantDraft(
  draft: Draft,
): { ok: true; value: RestaurantIdentity } | { ok: false; errors: Partial<Record<FormField, MessageKey>> } {
  const errors: Partial<Record<FormField, MessageKey>> = {};
  // A pasted tab or line break becomes a space, other control characters and direction overrides go:
  // the database refuses them (they would reach the e-mails' subject and the tickets).
  const clean = Object.fromEntries(
    Object.entries(draft).map(([field, value]) => [field, stripControlCharacters(value)]),
  ) as Draft;
  const phoneText = clean.phone_display.trim();
  const phone = phoneText && isPhoneNumber(phoneText) ? toE164(phoneText) : '';
  const parsed = restaurantIdentitySchema.safeParse({ ...clean, phone });
  if (!phone) errors.phone_display = phoneText ? 'restaurant.errorPhone' : 'restaurant.errorRequired';
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] === 'phone' ? 'phone_display' : issue.path[0]) as FormField;
      errors[field] ??= problemKey(issue.message, issue.code);
    }
  }
  return parsed.success && Object.keys(errors).length === 0 ? { ok: true, value: parsed.data } : { ok: false, errors };
}
