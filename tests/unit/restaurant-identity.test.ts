import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RESTAURANT_IDENTITY,
  RESTAURANT,
  TICKET_RESTAURANT,
  restaurantAddress,
  restaurantFullAddress,
  isUnfilledNumber,
  restaurantIdentitySchema,
  ticketRestaurant,
} from '../../src/shared/domain/restaurant.js';
import { storeSettingsFromRows } from '../../src/shared/domain/store-settings.js';
import { fr } from '../../src/shop/i18n/fr.js';

const identity = {
  ...DEFAULT_RESTAURANT_IDENTITY,
  company: 'Grill Sàrl',
  street: '1, rue Neuve',
  postal_code: 'L-4500',
  phone_display: '+352 26 00 00 01',
  rcs: 'B 123456',
  vat: 'LU12345678',
};
const legalOf = (r: typeof identity) => ({
  company: r.company,
  fullAddress: restaurantFullAddress(r),
  phoneDisplay: r.phone_display,
  email: r.email,
  rcs: r.rcs,
  vat: r.vat,
});
const allText = (sections: { paragraphs: readonly string[] }[]) => sections.flatMap((s) => s.paragraphs).join('\n');

describe('the restaurant identity', () => {
  it('the defaults pass their own schema, and the kiosk’s constants come from them', () => {
    expect(restaurantIdentitySchema.parse(DEFAULT_RESTAURANT_IDENTITY)).toEqual(DEFAULT_RESTAURANT_IDENTITY);
    expect(RESTAURANT.address).toBe('12, Avenue de la Liberté, L-4601 Differdange');
    expect(TICKET_RESTAURANT).toEqual(ticketRestaurant(DEFAULT_RESTAURANT_IDENTITY));
  });

  it('a ticket prints the stored name, pickup address and phone', () => {
    expect(ticketRestaurant(identity)).toEqual({
      name: 'Churrasqueira Differdange',
      address: '1, rue Neuve, L-4500 Differdange',
      phone: '+352 26 00 00 01',
    });
    expect(restaurantAddress(identity)).toBe('1, rue Neuve, L-4500 Differdange');
  });

  it('the legal notice names the stored company, RCS and VAT numbers, and says plainly which are missing', () => {
    const notice = allText(fr.legal.notice.sections(legalOf(identity)));
    expect(notice).toContain('édité par Grill Sàrl');
    expect(notice).toContain('1, rue Neuve, L-4500 Differdange, Luxembourg');
    expect(notice).toContain('sous le numéro B 123456.');
    expect(notice).toContain('Numéro d’identification TVA : LU12345678.');
    expect(notice).toContain('Téléphone : +352 26 00 00 01');
    const noRcs = allText(fr.legal.notice.sections(legalOf({ ...identity, rcs: '' })));
    expect(noRcs).toContain('Registre de Commerce et des Sociétés de Luxembourg : pas encore renseigné');
    expect(noRcs).toContain('Numéro d’identification TVA : LU12345678.');
    // The installed stand-ins are never published as numbers.
    const installed = allText(fr.legal.notice.sections(legalOf(DEFAULT_RESTAURANT_IDENTITY)));
    expect(installed).not.toMatch(/B 000000|LU00000000/);
    expect(installed).toContain('Numéro d’identification TVA : pas encore renseigné par le restaurant.');
    expect(installed).toMatch(
      /n’a pas encore renseigné sur ce site : le numéro d’immatriculation .* TVA ; le nom, l’adresse et le téléphone de l’hébergeur/,
    );
    expect(isUnfilledNumber('B 000000')).toBe(true);
    expect(isUnfilledNumber('LU 0000 0000')).toBe(true);
    expect(isUnfilledNumber('B 123456')).toBe(false);
    expect(allText(fr.legal.terms.sections(legalOf(identity)))).toContain('+352 26 00 00 01');
    expect(allText(fr.legal.privacy.sections(legalOf(identity)))).toContain('Grill Sàrl, 1, rue Neuve');
  });

  it('a malformed stored row falls back to the defaults, key by key', () => {
    expect(storeSettingsFromRows([{ key: 'restaurant', value: { name: 'x' } }]).restaurant).toBeUndefined();
    expect(storeSettingsFromRows([{ key: 'restaurant', value: identity }]).restaurant).toEqual(identity);
  });
});
