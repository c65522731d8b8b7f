// The admin's restaurant form cleans what a paste brings (tabs, line breaks, control characters, direction
// overrides) before the database, which refuses them, sees the row (docs/SECURITY-REVIEW.md, section 7.3).
import { describe, expect, it } from 'vitest';
import { checkRestaurantDraft, type Draft } from '../../src/admin/features/settings/restaurant-draft.js';
import { DEFAULT_RESTAURANT_IDENTITY } from '../../src/shared/domain/restaurant.js';

const { phone: _phone, ...draft } = DEFAULT_RESTAURANT_IDENTITY;

describe('the admin’s restaurant form', () => {
  it('turns pasted tabs and line breaks into spaces and drops control characters and direction overrides', () => {
    const result = checkRestaurantDraft({
      ...draft,
      company: 'Chez\tZé\r\nBcc: victim@example.com\x1b@',
      phone_display: '\u202e+352 26 58 40 12',
      hours_text: 'Fermé\x07 le mardi',
    } satisfies Draft);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.company).toBe('Chez Zé  Bcc: victim@example.com@');
    expect(result.value.phone_display).toBe('+352 26 58 40 12');
    expect(result.value.phone).toBe('+35226584012');
    expect(result.value.hours_text).toBe('Fermé le mardi');
  });

  it('still refuses an unsafe link and a text too long, naming the field', () => {
    const result = checkRestaurantDraft({ ...draft, reviews_url: 'javascript:alert(1)', name: 'x'.repeat(121) });
    expect(result).toEqual({
      ok: false,
      errors: { reviews_url: 'restaurant.errorLink', name: 'restaurant.errorTooLong' },
    });
  });

  it('keeps the name to plain words: no site address, no phone number, nothing but ordinary punctuation', () => {
    for (const name of [
      'Churrasqueira www.evil.example',
      'Churrasqueira evil.example',
      'Remboursement : http://evil.example',
      'Appelez le +352 621 000 000',
      'Bcc: victim@example.com',
    ]) {
      const result = checkRestaurantDraft({ ...draft, name });
      expect(result, name).toEqual({ ok: false, errors: { name: 'restaurant.errorName' } });
    }
    for (const name of ['Chez Émile & Fils (depuis 1987)', "O'Frango, Grill-Bar!", 'Churrasqueira Differdange'])
      expect(checkRestaurantDraft({ ...draft, name }).ok, name).toBe(true);
    expect(checkRestaurantDraft({ ...draft, name: 'x'.repeat(61) })).toEqual({
      ok: false,
      errors: { name: 'restaurant.errorTooLong' },
    });
  });
});
