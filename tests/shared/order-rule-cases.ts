/**
 * Order rules as data, shared by the TypeScript rules (tests/unit/domain/order-rule-cases.test.ts)
 * and the database's order RPC tests, so both implementations answer every case the same way.
 *
 * Input of one case, and how it maps onto the database:
 * - `now`: ISO instant; the database test fixes its clock to it (the rule reads Luxembourg time).
 * - `settings`: the three store_settings rows (keys ordering, delivery_options, delivery_zones),
 *   values exactly as stored.
 * - every case uses the same menu ORDER_RULE_MENU (menu_items rows: id, category_id = categoryId,
 *   name, price, unavailable, item_type = dish | section_title (type 'sectionTitle') | coming_soon
 *   (type 'comingSoon'), kids_menu_options = options when isKidsMenuWithOptions) and the same
 *   ORDER_RULE_SPECIAL_PRICES (price rules of public.offers: item_id, price, delivery_method = method
 *   or 'both', starts_on = from, ends_on = until). Ids start with "t-" so they never collide with the seed.
 * - `order`: what the shop sends. customer {name, phone, email, address, postalCode, city, notes}
 *   = customer_* columns; deliveryMethod, paymentMethod, isPreorder, preorderDate ('YYYY-MM-DD'),
 *   preorderTime ('HH:MM'); items [{menuItemId, quantity, kidsOption?}], never prices.
 *
 * Expected: either { ok: true, totals {subtotal, deliveryFee, discount, grandTotal}, items? }
 * (items = order_items as stored: id, name, quantity, unit price, options), or
 * { ok: false, code, title, message } with the exact French texts. The first failing check wins;
 * the order of checks is documented on validateOrder() in src/shared/domain/order-validation.ts.
 */
import type { CustomerInfo } from '../../src/shared/domain/customer.js';
import type { MenuItem } from '../../src/shared/domain/menu.js';
import type { OrderItem } from '../../src/shared/domain/order.js';
import type { OrderRequest } from '../../src/shared/domain/order-request.js';
import type { OrderRefusalCode, OrderTotals } from '../../src/shared/domain/order-validation.js';
import type { SpecialPrice } from '../../src/shared/domain/pricing.js';
import type { StoreSettings } from '../../src/shared/domain/store-settings.js';

export interface OrderRuleCase {
  name: string;
  now: string;
  settings: StoreSettings;
  order: OrderRequest;
  expected:
    | { ok: true; totals: OrderTotals; items?: OrderItem[] }
    | { ok: false; code: OrderRefusalCode; title: string; message: string };
}

const dish = (
  id: string,
  categoryId: MenuItem['categoryId'],
  name: string,
  price: number,
  extra: Partial<MenuItem> = {},
): MenuItem => ({
  id,
  categoryId,
  name,
  description: '',
  price,
  imageSrc: null,
  imageAlt: '',
  unavailable: false,
  isKidsMenuWithOptions: false,
  options: [],
  allergens: null,
  ...extra,
});

export const ORDER_RULE_MENU: MenuItem[] = [
  dish('t-chicken', 'grill', 'Poulet entier grillé', 15),
  dish('t-fries', 'chic_n_fries', 'Frites maison', 3.5),
  dish('t-francesinha', 'francesinhas', 'Francesinha', 19.49),
  dish('t-juice', 'boissons', 'Jus de mangue', 3.2, { unavailable: true }),
  dish('t-title', 'grill', 'Nos poulets', 0, { type: 'sectionTitle', title: 'Poulets grillés' }),
  dish('t-soon', 'chic_n_fries', 'Poulet coréen', 0, { type: 'comingSoon' }),
  dish('t-dime', 'accompagnements', 'Sauce ail', 0.1),
  dish('t-twodimes', 'accompagnements', 'Sauce piri-piri', 0.2),
  dish('t-kids', 'menu_enfant', 'Menu Enfant', 9.8, {
    isKidsMenuWithOptions: true,
    options: [
      { id: 'nuggets', name: 'Nuggets' },
      { id: 'wings', name: 'Ailes de poulet' },
      { id: 'quarter_chicken', name: 'Quart de poulet' },
    ],
  }),
];

export const ORDER_RULE_SPECIAL_PRICES: SpecialPrice[] = [
  { itemId: 't-chicken', price: 12.5, method: 'pickup', from: '2025-10-10', until: '2025-10-13' },
];

const OPEN: StoreSettings = {
  ordering: { is_enabled: true, message: '' },
  delivery_options: { is_enabled: true },
  delivery_zones: [
    { name: 'Differdange', fee: 2.5 },
    { name: 'Pétange', fee: 3.1 },
    { name: 'Esch-sur-Alzette', fee: 4 },
  ],
};
const CLOSED: StoreSettings = {
  ...OPEN,
  ordering: { is_enabled: false, message: 'As encomendas online estão temporariamente fechadas.' },
};
const NO_DELIVERY: StoreSettings = { ...OPEN, delivery_options: { is_enabled: false } };
const BY_POSTAL_CODE: StoreSettings = {
  ...OPEN,
  delivery_zones: [
    { name: 'Differdange', fee: 2.5, postal_codes: ['4501', '4601'] },
    { name: 'Pétange', fee: 3.1 },
    { name: 'Luxembourg', fee: 9.5, postal_codes: ['1111'] },
  ],
};

// Monday 23 November 2026, Luxembourg is UTC+1: 11:00Z is 12:00 local.
const MONDAY_NOON = '2026-11-23T11:00:00.000Z';

const person = (over: Partial<CustomerInfo> = {}): CustomerInfo => ({
  name: 'Ana Silva',
  phone: '+352 621 123 456',
  email: 'ana@example.lu',
  address: '12 rue Émile Mark',
  postalCode: 'L-4620',
  city: 'Differdange',
  notes: '',
  ...over,
});

const delivery = (items: OrderRequest['items'], over: Partial<OrderRequest> = {}): OrderRequest => ({
  customer: person(),
  deliveryMethod: 'delivery',
  paymentMethod: 'cash',
  isPreorder: false,
  preorderDate: null,
  preorderTime: null,
  items,
  ...over,
});

const pickup = (items: OrderRequest['items'], over: Partial<OrderRequest> = {}): OrderRequest =>
  delivery(items, { deliveryMethod: 'pickup', customer: person({ address: '', postalCode: '', city: '' }), ...over });

const preorder = (date: string | null, time: string | null, over: Partial<OrderRequest> = {}) =>
  ({ isPreorder: true, preorderDate: date, preorderTime: time, ...over }) as Partial<OrderRequest>;

const chickenAndFries = [
  { menuItemId: 't-chicken', quantity: 1 },
  { menuItemId: 't-fries', quantity: 2 },
];

const refused = (code: OrderRefusalCode, title: string, message: string) => ({
  ok: false as const,
  code,
  title,
  message,
});
const totals = (subtotal: number, deliveryFee: number, grandTotal: number) => ({
  ok: true as const,
  totals: { subtotal, deliveryFee, discount: 0, grandTotal },
});

const CLOSED_REFUSAL = refused(
  'ordering_closed',
  'Commandes fermées',
  'La commande en ligne est temporairement fermée.',
);
const NO_SLOT = refused(
  'preorder_missing_datetime',
  'Information en manque',
  'Veuillez choisir une date et une heure pour votre pré-commande.',
);
const MISSING_FIELDS = refused(
  'missing_fields',
  'Information en manque',
  'Veuillez remplir tous les champs obligatoires.',
);
const INVALID_NAME = refused('invalid_name', 'Nom invalide', 'Veuillez entrer votre nom (au moins 2 lettres).');
const INVALID_PHONE = refused(
  'invalid_phone',
  'Téléphone invalide',
  'Veuillez entrer un numéro de téléphone valide, par exemple 691 123 456 ou +33 6 12 34 56 78.',
);
const INVALID_POSTAL_CODE = refused(
  'invalid_postal_code',
  'Code postal invalide',
  'Veuillez entrer un code postal luxembourgeois à 4 chiffres, par exemple L-4502.',
);
const EMPTY = refused(
  'empty_cart',
  'Panier vide',
  'Votre panier est vide. Ajoutez au moins un article pour commander.',
);
const UNAVAILABLE = refused(
  'item_unavailable',
  'Article indisponible',
  "Cet article n'est pas disponible pour le moment.",
);
const INVALID_ITEM = refused(
  'invalid_item',
  'Article invalide',
  'Un article de votre panier est invalide. Veuillez le retirer et réessayer.',
);
const BAD_ZONE = refused(
  'invalid_zone',
  'Zone de livraison non valide',
  'Veuillez entrer une ville valide ou nous ne pouvons pas livrer à cette adresse.',
);
const minimum = (missing: string) =>
  refused(
    'minimum_not_met',
    'Montant minimum non atteint',
    `Il vous manque ${missing} pour atteindre le minimum de 20,00€ pour la commande.`,
  );
const OUTSIDE = refused(
  'outside_hours',
  'Restaurant fermé',
  'Nous sommes fermés pour le moment. Vous pouvez passer une pré-commande.',
);
const TOO_EARLY = refused(
  'preorder_too_early',
  'Date de pré-commande invalide',
  'Une pré-commande ne peut pas être prévue pour un jour déjà passé.',
);
const TOO_SOON = refused(
  'preorder_too_soon',
  'Heure de pré-commande invalide',
  'Cette heure est passée ou trop proche pour préparer votre commande. Veuillez choisir une heure plus tardive.',
);
const TOTAL_CHANGED = refused(
  'total_changed',
  'Prix modifiés',
  'Les prix de votre panier ont changé. Vérifiez le nouveau total dans le panier, puis validez à nouveau votre commande.',
);
const TUESDAY = refused(
  'preorder_closed_day',
  'Date de pré-commande invalide',
  'Le restaurant est fermé le mardi. Veuillez choisir un autre jour.',
);
const BAD_TIME = refused(
  'preorder_invalid_time',
  'Heure de pré-commande invalide',
  'Veuillez choisir une heure de commande entre 11:00–14:30 et 18:00–21:30, par tranches de 15 minutes.',
);
const BAD_DATE = refused(
  'preorder_invalid_date',
  'Date de pré-commande invalide',
  'Veuillez choisir une date valide pour votre pré-commande.',
);

const at = (
  now: string,
  settings: StoreSettings,
  order: OrderRequest,
  expected: OrderRuleCase['expected'],
  name: string,
): OrderRuleCase => ({
  name,
  now,
  settings,
  order,
  expected,
});

export const ORDER_RULE_CASES: OrderRuleCase[] = [
  // Accepted orders and their totals.
  {
    ...at(
      MONDAY_NOON,
      OPEN,
      delivery(chickenAndFries),
      totals(22, 2.5, 24.5),
      'delivery to Differdange: subtotal + zone fee',
    ),
    expected: {
      ok: true,
      totals: { subtotal: 22, deliveryFee: 2.5, discount: 0, grandTotal: 24.5 },
      items: [
        { id: 't-chicken', name: 'Poulet entier grillé', quantity: 1, price: 15, options: [] },
        { id: 't-fries', name: 'Frites maison', quantity: 2, price: 3.5, options: [] },
      ],
    },
  },
  at(
    MONDAY_NOON,
    OPEN,
    pickup([{ menuItemId: 't-fries', quantity: 1 }]),
    totals(3.5, 0, 3.5),
    'pickup has no minimum and no fee',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup([
      { menuItemId: 't-dime', quantity: 1 },
      { menuItemId: 't-twodimes', quantity: 1 },
    ]),
    totals(0.3, 0, 0.3),
    'sums in cents: 0.10 + 0.20 = 0.30',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery([
      { menuItemId: 't-francesinha', quantity: 1 },
      { menuItemId: 't-dime', quantity: 5 },
      { menuItemId: 't-twodimes', quantity: 1 },
    ]),
    totals(20.19, 2.5, 22.69),
    'delivery minimum reached at 20.19',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ city: '  DIFFERDANGE ' }) }),
    totals(22, 2.5, 24.5),
    'zone matched trimmed and case-insensitively',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ postalCode: 'L-4702', city: 'PÉTANGE' }) }),
    totals(22, 3.1, 25.1),
    'zone with an accent, upper case',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, { customer: person({ email: '', address: '', postalCode: '', city: '' }) }),
    totals(22, 0, 22),
    'pickup needs no address and no e-mail',
  ),
  at(MONDAY_NOON, NO_DELIVERY, pickup(chickenAndFries), totals(22, 0, 22), 'pickup while delivery is switched off'),
  at(
    MONDAY_NOON,
    CLOSED,
    delivery(chickenAndFries, preorder('2026-11-25', '19:15')),
    totals(22, 2.5, 24.5),
    'a pre-order is taken while online ordering is closed',
  ),
  {
    ...at(
      MONDAY_NOON,
      OPEN,
      pickup([
        { menuItemId: 't-kids', quantity: 2, kidsOption: 'nuggets' },
        { menuItemId: 't-kids', quantity: 1, kidsOption: 'quarter_chicken' },
      ]),
      totals(29.4, 0, 29.4),
      'kids menu dishes are separate lines',
    ),
    expected: {
      ok: true,
      totals: { subtotal: 29.4, deliveryFee: 0, discount: 0, grandTotal: 29.4 },
      items: [
        { id: 't-kids_nuggets', name: 'Menu Enfant (Nuggets)', quantity: 2, price: 9.8, options: [] },
        { id: 't-kids_quarter_chicken', name: 'Menu Enfant (Quart de poulet)', quantity: 1, price: 9.8, options: [] },
      ],
    },
  },

  // Special prices: pickup only, 10 to 13 October 2025 inclusive, on the day the order is for.
  at(
    '2025-10-11T10:00:00.000Z',
    OPEN,
    pickup([{ menuItemId: 't-chicken', quantity: 2 }]),
    totals(25, 0, 25),
    'special price for pickup inside the window (Saturday 11 October)',
  ),
  at(
    '2025-10-10T09:00:00.000Z',
    OPEN,
    pickup([{ menuItemId: 't-chicken', quantity: 1 }]),
    totals(12.5, 0, 12.5),
    'special price on its first day, 11:00 local',
  ),
  at(
    '2025-10-11T10:00:00.000Z',
    OPEN,
    delivery([{ menuItemId: 't-chicken', quantity: 2 }]),
    totals(30, 2.5, 32.5),
    'no special price for delivery',
  ),
  at(
    '2025-10-09T10:00:00.000Z',
    OPEN,
    pickup([{ menuItemId: 't-chicken', quantity: 1 }]),
    totals(15, 0, 15),
    'no special price the day before the window (the whole window applies, not only its end)',
  ),
  at(
    '2025-10-09T10:00:00.000Z',
    OPEN,
    pickup([{ menuItemId: 't-chicken', quantity: 1 }], preorder('2025-10-13', '12:00')),
    totals(12.5, 0, 12.5),
    'a pre-order for the last day of the window gets the special price',
  ),
  at(
    '2025-10-12T10:00:00.000Z',
    OPEN,
    pickup([{ menuItemId: 't-chicken', quantity: 1 }], preorder('2025-10-15', '12:00')),
    totals(15, 0, 15),
    'a pre-order for a day after the window pays the normal price',
  ),

  // 1. Ordering closed.
  at(MONDAY_NOON, CLOSED, delivery(chickenAndFries), CLOSED_REFUSAL, 'ordering closed and not a pre-order'),
  at(
    MONDAY_NOON,
    CLOSED,
    delivery([], { customer: person({ name: '' }) }),
    CLOSED_REFUSAL,
    'ordering closed is checked before anything else',
  ),

  // 2. Pre-order without date or time.
  at(MONDAY_NOON, OPEN, delivery(chickenAndFries, preorder(null, '12:00')), NO_SLOT, 'pre-order without a date'),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, preorder('2026-11-25', '  ')),
    NO_SLOT,
    'pre-order with a blank time',
  ),
  at(
    MONDAY_NOON,
    CLOSED,
    delivery([], preorder('', null, { customer: person({ phone: '' }) })),
    NO_SLOT,
    'missing pre-order slot comes before missing fields',
  ),

  // 3. Required fields.
  at(MONDAY_NOON, OPEN, delivery(chickenAndFries, { customer: person({ name: '   ' }) }), MISSING_FIELDS, 'blank name'),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, { customer: person({ phone: '' }) }),
    MISSING_FIELDS,
    'pickup without a phone',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ postalCode: '' }) }),
    MISSING_FIELDS,
    'delivery without a postal code',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ address: ' ' }) }),
    MISSING_FIELDS,
    'delivery without an address',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ city: '' }) }),
    MISSING_FIELDS,
    'delivery without a city',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery([], { customer: person({ name: '' }) }),
    MISSING_FIELDS,
    'missing fields come before the empty cart',
  ),
  // Then the contact fields' shapes (contact-fields.ts; e164_phone, is_person_name, lux_postal_code in SQL).
  ...(
    [
      [{ name: 'x' }, INVALID_NAME, 'a one-letter name'],
      [{ name: '😀🍗🔥' }, INVALID_NAME, 'a name of emoji'],
      [{ name: '12' }, INVALID_NAME, 'a name of digits'],
      [{ phone: 'abc' }, INVALID_PHONE, 'a phone of letters'],
      [{ phone: '📞📞📞' }, INVALID_PHONE, 'a phone of emoji'],
      [{ phone: '621' }, INVALID_PHONE, 'a phone too short'],
      [{ postalCode: 'zzz' }, INVALID_POSTAL_CODE, 'a postal code of letters'],
      [{ postalCode: '45020' }, INVALID_POSTAL_CODE, 'a postal code of five digits'],
    ] as const
  ).map(([over, refusal, why]) =>
    at(MONDAY_NOON, OPEN, delivery(chickenAndFries, { customer: person(over) }), refusal, why),
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, { customer: person({ postalCode: 'zzz' }) }),
    totals(22, 0, 22),
    'a pickup does not look at the postal code',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ name: 'Zé', phone: '+33 6 12 34 56 78' }) }),
    totals(22, 2.5, 24.5),
    'a two-letter name and a French number are accepted',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ email: 'ana@example' }) }),
    refused('invalid_email', 'E-mail invalide', 'Veuillez entrer une adresse e-mail valide.'),
    'an e-mail, when given, must look like one',
  ),

  // 4. Empty cart, then the items themselves.
  at(MONDAY_NOON, OPEN, delivery([]), EMPTY, 'empty cart'),
  at(MONDAY_NOON, OPEN, pickup([{ menuItemId: 't-juice', quantity: 1 }]), UNAVAILABLE, 'unavailable item'),
  at(MONDAY_NOON, OPEN, pickup([{ menuItemId: 't-ghost', quantity: 1 }]), UNAVAILABLE, 'item no longer on the menu'),
  at(
    MONDAY_NOON,
    OPEN,
    pickup([{ menuItemId: 't-title', quantity: 1 }]),
    UNAVAILABLE,
    'a section title cannot be ordered',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup([{ menuItemId: 't-soon', quantity: 1 }]),
    UNAVAILABLE,
    'a coming-soon item cannot be ordered',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery([
      { menuItemId: 't-fries', quantity: 1 },
      { menuItemId: 't-juice', quantity: 9 },
    ]),
    UNAVAILABLE,
    'an unavailable item is reported before the minimum',
  ),
  at(MONDAY_NOON, OPEN, pickup([{ menuItemId: 't-fries', quantity: 0 }]), INVALID_ITEM, 'quantity zero'),
  at(MONDAY_NOON, OPEN, pickup([{ menuItemId: 't-fries', quantity: 1.5 }]), INVALID_ITEM, 'fractional quantity'),
  at(MONDAY_NOON, OPEN, pickup([{ menuItemId: 't-fries', quantity: 100 }]), INVALID_ITEM, 'more than 99 of one line'),
  at(MONDAY_NOON, OPEN, pickup([{ menuItemId: 't-kids', quantity: 1 }]), INVALID_ITEM, 'kids menu without its dish'),
  at(
    MONDAY_NOON,
    OPEN,
    pickup([{ menuItemId: 't-fries', quantity: 1, kidsOption: 'wings' }]),
    INVALID_ITEM,
    'a kids-menu dish on another item',
  ),

  // 5. Minimum for delivery.
  at(
    MONDAY_NOON,
    OPEN,
    delivery([
      { menuItemId: 't-chicken', quantity: 1 },
      { menuItemId: 't-twodimes', quantity: 2 },
    ]),
    minimum('4,60€'),
    'delivery under 20 euros states the missing amount',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery([
      { menuItemId: 't-francesinha', quantity: 1 },
      { menuItemId: 't-twodimes', quantity: 1 },
      { menuItemId: 't-dime', quantity: 3 },
    ]),
    minimum('0,01€'),
    'one cent short at 19.99',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery([{ menuItemId: 't-fries', quantity: 1 }], { customer: person({ city: 'Paris' }) }),
    minimum('16,50€'),
    'the minimum is checked before the zone',
  ),

  // 6. Delivery zone.
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ postalCode: 'L-1111', city: 'Paris' }) }),
    BAD_ZONE,
    'city outside every zone',
  ),
  // Towns as people type them: without accents, in capitals, by their short name.
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ postalCode: '4000', city: 'Petange' }) }),
    totals(22, 3.1, 25.1),
    'Petange without its accent is Pétange',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ postalCode: '4000', city: ' PETANGE ' }) }),
    totals(22, 3.1, 25.1),
    'PETANGE in capitals is Pétange',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ postalCode: '4000', city: 'Esch' }) }),
    totals(22, 4, 26),
    'Esch is Esch-sur-Alzette',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ postalCode: '4000', city: 'esch sur alzette' }) }),
    totals(22, 4, 26),
    'esch sur alzette without hyphens is Esch-sur-Alzette',
  ),
  // The postal code decides: a code of the national register names its town, whatever is typed.
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ postalCode: 'L-4702', city: 'Differdange' }) }),
    totals(22, 3.1, 25.1),
    'a Pétange postal code typed with « Differdange » pays Pétange',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    delivery(chickenAndFries, { customer: person({ postalCode: '4601', city: 'Paris' }) }),
    totals(22, 2.5, 24.5),
    'a Differdange postal code typed with « Paris » pays Differdange',
  ),
  at(MONDAY_NOON, { ...OPEN, delivery_zones: [] }, delivery(chickenAndFries), BAD_ZONE, 'no zones configured'),
  // Zones that list postal codes: the code decides, not the typed town; a zone without codes keeps the town.
  at(
    MONDAY_NOON,
    BY_POSTAL_CODE,
    delivery(chickenAndFries, { customer: person({ postalCode: 'L-1111', city: 'Differdange' }) }),
    totals(22, 9.5, 31.5),
    'a Luxembourg-City code typed with « Differdange » pays the Luxembourg zone',
  ),
  at(
    MONDAY_NOON,
    BY_POSTAL_CODE,
    delivery(chickenAndFries, { customer: person({ postalCode: '9999', city: 'Differdange' }) }),
    BAD_ZONE,
    'a postal code of no zone is refused, whatever the town',
  ),
  at(
    MONDAY_NOON,
    BY_POSTAL_CODE,
    delivery(chickenAndFries, { customer: person({ postalCode: 'l 4501', city: 'Niederkorn' }) }),
    totals(22, 2.5, 24.5),
    'the code normalised (« l 4501 ») finds its zone',
  ),
  at(
    MONDAY_NOON,
    BY_POSTAL_CODE,
    delivery(chickenAndFries, { customer: person({ postalCode: '4000', city: 'pétange ' }) }),
    totals(22, 3.1, 25.1),
    'a zone without codes matches the town when the register does not know the code',
  ),
  at(
    MONDAY_NOON,
    BY_POSTAL_CODE,
    delivery(chickenAndFries, { customer: person({ postalCode: 'L-4702', city: 'Paris' }) }),
    totals(22, 3.1, 25.1),
    'a zone without codes matches the towns of a known code',
  ),

  // Then: delivery switched off.
  at(
    MONDAY_NOON,
    NO_DELIVERY,
    delivery(chickenAndFries),
    refused(
      'delivery_disabled',
      'Livraison indisponible',
      'La livraison est désactivée pour le moment. Veuillez choisir le retrait au restaurant.',
    ),
    'delivery while delivery is switched off',
  ),

  // Then: the pre-order's date and time.
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-23', '19:00')),
    totals(22, 0, 22),
    'pre-order for later today',
  ),
  at(MONDAY_NOON, OPEN, pickup(chickenAndFries, preorder('2026-11-20', '19:00')), TOO_EARLY, 'pre-order in the past'),
  at(
    '2026-11-22T23:30:00.000Z',
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-22', '21:00')),
    TOO_EARLY,
    'at 00:30 Luxembourg time "today" is already Monday: Sunday is past',
  ),
  at(
    '2026-11-22T23:30:00.000Z',
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-23', '12:00')),
    totals(22, 0, 22),
    'at 00:30 Luxembourg time a pre-order for Monday noon is for later today',
  ),
  at(MONDAY_NOON, OPEN, pickup(chickenAndFries, preorder('2026-11-23', '11:30')), TOO_SOON, 'pre-order today, past'),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-23', '12:15')),
    TOO_SOON,
    'pre-order today inside the 30 minutes of preparation',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-23', '12:30')),
    totals(22, 0, 22),
    'pre-order today right after the 30 minutes of preparation',
  ),
  at(
    '2026-11-23T15:00:00.000Z',
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-23', '18:00')),
    totals(22, 0, 22),
    'Monday 16:00, between services: a pre-order for the evening opening',
  ),
  at(
    MONDAY_NOON,
    CLOSED,
    pickup(chickenAndFries, preorder('2026-11-23', '19:00')),
    CLOSED_REFUSAL,
    'ordering switched off: no pre-order for later today',
  ),
  at(
    MONDAY_NOON,
    CLOSED,
    pickup(chickenAndFries, preorder('2026-11-25', '19:00')),
    totals(22, 0, 22),
    'ordering switched off: a pre-order for another day',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    { ...pickup(chickenAndFries), expectedTotal: 21.9 },
    TOTAL_CHANGED,
    'the total the cart showed is not the order total',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    { ...delivery(chickenAndFries), expectedTotal: 24.5 },
    totals(22, 2.5, 24.5),
    'the total the cart showed, delivery fee included',
  ),
  at(MONDAY_NOON, OPEN, pickup(chickenAndFries, preorder('2026-11-24', '12:00')), TUESDAY, 'pre-order for a Tuesday'),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-25', '15:00')),
    BAD_TIME,
    'pre-order after the lunch kitchen closes',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-25', '12:10')),
    BAD_TIME,
    'pre-order off the quarter hours',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-25', '21:45')),
    BAD_TIME,
    'pre-order after the last evening slot',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-25', 'midi')),
    BAD_TIME,
    'pre-order time that is not a time',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-02-30', '12:00')),
    BAD_DATE,
    'pre-order date that does not exist',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-25', '21:30')),
    totals(22, 0, 22),
    'the last evening slot is 21:30',
  ),
  at(
    MONDAY_NOON,
    OPEN,
    pickup(chickenAndFries, preorder('2026-11-25', '11:00')),
    totals(22, 0, 22),
    'the first slot is 11:00',
  ),

  // Then: an immediate order must fall inside the ordering hours (Luxembourg time).
  at('2026-11-23T15:00:00.000Z', OPEN, pickup(chickenAndFries), OUTSIDE, 'Monday 16:00, between services'),
  at('2026-11-24T11:00:00.000Z', OPEN, pickup(chickenAndFries), OUTSIDE, 'Tuesday noon'),
  at(
    '2026-11-23T13:31:00.000Z',
    OPEN,
    pickup(chickenAndFries),
    OUTSIDE,
    'Monday 14:31, after the lunch kitchen closes',
  ),
  at('2026-11-23T13:30:00.000Z', OPEN, pickup(chickenAndFries), totals(22, 0, 22), 'Monday 14:30, last lunch order'),
  at('2026-11-23T20:30:00.000Z', OPEN, pickup(chickenAndFries), totals(22, 0, 22), 'Monday 21:30, last evening order'),
  at('2026-11-23T09:15:00.000Z', OPEN, pickup(chickenAndFries), OUTSIDE, '09:15 UTC is 10:15 in winter: not open yet'),
  at(
    '2026-07-20T09:15:00.000Z',
    OPEN,
    pickup(chickenAndFries),
    totals(22, 0, 22),
    '09:15 UTC is 11:15 in summer: open',
  ),
  at(
    '2026-10-25T16:59:00.000Z',
    OPEN,
    pickup(chickenAndFries),
    OUTSIDE,
    'Sunday of the October clock change, 17:59 local',
  ),
  at(
    '2026-10-25T17:00:00.000Z',
    OPEN,
    pickup(chickenAndFries),
    totals(22, 0, 22),
    'Sunday of the October clock change, 18:00 local',
  ),
];
