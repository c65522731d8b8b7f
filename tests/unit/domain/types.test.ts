import { describe, expect, it } from 'vitest';
import {
  MENU_CATEGORIES,
  cartItemUniqueId,
  effectiveDeliveryMethod,
  isOrderable,
  kidsMenuLineId,
  menuCategoryBySlug,
  menuItemSchema,
  orderNumber,
  orderingSetting,
  reservationPeopleSchema,
  storeSettingsFromRows,
  DEFAULT_STORE_SETTINGS,
} from '../../../src/shared/domain/index.js';

describe('menu categories', () => {
  it('are the spec nine, in order, with the grill named Grillades', () => {
    expect(MENU_CATEGORIES.map((c) => c.id)).toEqual([
      'entrees',
      'chic_n_fries',
      'grill',
      'francesinhas',
      'hamburgers',
      'boissons',
      'menu_enfant',
      'accompagnements',
      'desserts',
    ]);
    expect(menuCategoryBySlug('grillades')).toEqual({ id: 'grill', name: 'Grillades', slug: 'grillades' });
    expect(menuCategoryBySlug('chic-n-fries')?.name).toBe("Chic'N'Fries");
    expect(menuCategoryBySlug('pizzas')).toBeUndefined();
  });
});

describe('menu item schema', () => {
  it('converts numeric ids and text prices', () => {
    const item = menuItemSchema.parse({ id: 32, categoryId: 'grill', name: 'Poulet grillé entier', price: '15,00 €' });
    expect(item).toMatchObject({ id: '32', price: 15, unavailable: false, isKidsMenuWithOptions: false, options: [] });
    expect(isOrderable(item)).toBe(true);
  });

  it('refuses an unreadable or negative price, an unknown category and an unknown kids option', () => {
    expect(menuItemSchema.safeParse({ id: 'a', categoryId: 'grill', name: 'x', price: 'gratuit' }).success).toBe(false);
    expect(menuItemSchema.safeParse({ id: 'a', categoryId: 'grill', name: 'x', price: -1 }).success).toBe(false);
    expect(menuItemSchema.safeParse({ id: 'a', categoryId: 'pizza', name: 'x', price: 1 }).success).toBe(false);
    expect(
      menuItemSchema.safeParse({
        id: 'k',
        categoryId: 'menu_enfant',
        name: 'x',
        price: 9.8,
        options: [{ id: 'fish', name: 'Poisson' }],
      }).success,
    ).toBe(false);
  });

  it('says section titles, coming-soon rows and unavailable items cannot be ordered', () => {
    expect(isOrderable({ unavailable: false, type: 'sectionTitle' })).toBe(false);
    expect(isOrderable({ unavailable: false, type: 'comingSoon' })).toBe(false);
    expect(isOrderable({ unavailable: true, type: undefined })).toBe(false);
  });
});

describe('cart line ids', () => {
  it('join the product id and option ids with underscores', () => {
    expect(cartItemUniqueId('cnf-1')).toBe('cnf-1');
    expect(cartItemUniqueId('12', [{ id: 'sauce' }, { id: 'cheese' }])).toBe('12_sauce_cheese');
    expect(kidsMenuLineId('k1', 'quarter_chicken')).toBe('k1_quarter_chicken');
  });
});

describe('store settings', () => {
  it('read rows key by key and fall back to defaults for bad values', () => {
    const settings = storeSettingsFromRows([
      { key: 'ordering', value: { is_enabled: false, message: 'fermé' } },
      { key: 'delivery_options', value: 'nonsense' },
      { key: 'delivery_zones', value: [{ name: 'Differdange', fee: '2.5' }] },
      { key: 'unknown', value: 1 },
    ]);
    expect(settings).toEqual({
      ordering: { is_enabled: false, message: 'fermé' },
      delivery_options: { is_enabled: true },
      delivery_zones: [{ name: 'Differdange', fee: 2.5 }],
    });
    expect(storeSettingsFromRows([])).toEqual(DEFAULT_STORE_SETTINGS);
  });

  it('store the closing message only when ordering is turned off', () => {
    expect(orderingSetting(false)).toEqual({
      is_enabled: false,
      message: 'As encomendas online estão temporariamente fechadas.',
    });
    expect(orderingSetting(true)).toEqual({ is_enabled: true, message: '' });
  });

  it('force pickup when delivery is off, default to delivery otherwise', () => {
    expect(effectiveDeliveryMethod('delivery', false)).toBe('pickup');
    expect(effectiveDeliveryMethod(undefined, true)).toBe('delivery');
    expect(effectiveDeliveryMethod('pickup', true)).toBe('pickup');
  });
});

describe('small entity rules', () => {
  it('number orders by the first 8 characters of the id', () => {
    expect(orderNumber('3f2a1b0c-9d8e-4b59')).toBe('3f2a1b0c');
  });
  it('accept 1 to 10 people or 10+', () => {
    expect(reservationPeopleSchema.safeParse('10+').success).toBe(true);
    expect(reservationPeopleSchema.safeParse('0').success).toBe(false);
    expect(reservationPeopleSchema.safeParse('11').success).toBe(false);
  });
});
