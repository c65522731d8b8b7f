// Edge Functions cannot import src/shared/domain once deployed, so supabase/functions/_shared mirrors the few
// pure rules the e-mails need. These tests keep each mirror equal to the domain version.
import { describe, expect, it } from 'vitest';
import * as domainMoney from '../../src/shared/domain/money.js';
import * as domainDates from '../../src/shared/domain/french-dates.js';
import * as domainPhone from '../../src/shared/domain/phone.js';
import {
  DEFAULT_RESTAURANT_IDENTITY,
  RESTAURANT as DOMAIN_RESTAURANT,
  restaurantIdentitySchema,
} from '../../src/shared/domain/restaurant.js';
import {
  ORDER_STATUSES as DOMAIN_STATUSES,
  normaliseStatus as domainNormalise,
  STATUS_VARIANTS,
} from '../../src/shared/domain/order-status.js';
import { fr as shopFr } from '../../src/shop/i18n/fr.js';
import * as fnFormat from '../../supabase/functions/_shared/format.ts';
import * as fnRoles from '../../supabase/functions/_shared/staff-roles.ts';
import * as domainRoles from '../../src/shared/domain/staff-roles.js';
import * as fnPhone from '../../supabase/functions/_shared/phone.ts';
import { toE164 as mailerToE164 } from '../../supabase/functions/_shared/mailer.ts';
import {
  DELIVERY_LABELS,
  normaliseStatus,
  ORDER_STATUSES,
  PAYMENT_LABELS,
  RESTAURANT,
  restaurantFromSetting,
  timeZoneFromHours,
  TRACKING,
  trackingFor,
} from '../../supabase/functions/_shared/restaurant.ts';
import { escapeHtml, htmlToText, plainTextToHtml } from '../../supabase/functions/_shared/html.ts';
import {
  renderNotification,
  renderPlainMessage,
  renderPromotion,
} from '../../supabase/functions/_shared/templates/index.ts';

const AMOUNTS = [
  0, 0.1, 0.2, 0.3, 1, 1.005, 2.87, 3.86, 12.5, 12.77, 15, 19.49, 25.64, 45.77, 100, 1234.56, -3.5, 0.07,
];
const DATES = [
  '2025-01-01',
  '2025-03-30',
  '2025-10-26',
  '2025-11-19',
  '2026-02-28',
  '2024-02-29',
  '2099-06-06',
  '2025-13-01',
  'demain',
  '',
];
const TIMES = ['00:00', '11:00', '12:15:00', '19:30', '21:45:59', '23:59', '24:00', '7:5', 'midi'];
const INSTANTS = [
  '2025-03-30T00:59:59Z',
  '2025-03-30T01:00:00Z',
  '2025-10-26T00:30:00Z',
  '2025-10-26T01:30:00Z',
  '2025-11-19T11:00:00Z',
  '2025-12-31T23:30:00Z',
];
const PHONES = [
  '621 123 456',
  '+352 621 123 456',
  '00352621123456',
  '(+352) 621-123-456',
  '06 12 34 56 78',
  '+33 6 12 34 56 78',
  '912 345 678',
  '0035 1',
  '+1234567890123456',
  '',
  '   ',
  'appelez-moi',
  '+0 123 456 789',
  '26.58.40.12',
];

function outcome(f: () => string): string {
  try {
    return f();
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

describe('supabase/functions/_shared agrees with src/shared/domain', () => {
  it('formats euros the same way', () => {
    for (const a of AMOUNTS) expect(fnFormat.formatEuro(a), String(a)).toBe(domainMoney.formatEuro(a));
    for (const [a, q] of [
      [12.77, 3],
      [0.1, 3],
      [15, 2],
      [1.005, 7],
    ] as const)
      expect(fnFormat.multiplyEuros(a, q)).toBe(domainMoney.multiplyEuros(a, q));
  });

  it('writes French dates and times the same way', () => {
    for (const d of DATES) {
      expect(fnFormat.formatDateFr(d), d).toBe(domainDates.formatDateFr(d));
      expect(fnFormat.formatLongDateFr(d), d).toBe(domainDates.formatLongDateFr(d));
    }
    for (const t of TIMES) expect(fnFormat.formatTimeFr(t), t).toBe(domainDates.formatTimeFr(t));
    for (const i of INSTANTS) expect(fnFormat.formatDateTimeFr(i), i).toBe(domainDates.formatDateTimeFr(i));
    for (const zone of ['Europe/Luxembourg', 'America/New_York'])
      for (const i of [...INSTANTS, '2026-03-29T01:00:00Z', '2026-11-01T05:59:00Z', '2027-10-31T00:59:00Z'])
        expect(fnFormat.formatDateTimeFr(i, zone), `${i} ${zone}`).toBe(domainDates.formatDateTimeFr(i, zone));
  });

  it("writes an order e-mail's times on the clock of the restaurant's time zone (its opening hours)", () => {
    const hours = { timezone: 'America/New_York', days: {} };
    expect(timeZoneFromHours(hours)).toBe('America/New_York');
    expect(timeZoneFromHours({ timezone: 'Mars/Olympus_Mons' })).toBeNull();
    expect(timeZoneFromHours(null)).toBeNull();
    const order = {
      order_id: '3f2a1b0c-9d8e-4b59-9f5e-3f2a1b0c9d8e',
      customer_name: 'Ana',
      delivery_method: 'pickup',
      payment_method: 'cash',
      created_at: '2026-11-01T16:05:00Z',
      slot_start: '2026-11-01T16:30:00Z',
      order_items: [],
    };
    const site = 'https://example.lu';
    const inLuxembourg = renderNotification('order_confirmation', order, site, RESTAURANT).text;
    expect(inLuxembourg).toContain('01/11/2026 17:05');
    expect(inLuxembourg).toContain('entre 17:30 et 17:45');
    const inNewYork = renderNotification('order_confirmation', order, site, {
      ...RESTAURANT,
      timeZone: 'America/New_York',
    }).text;
    expect(inNewYork).toContain('01/11/2026 11:05');
    expect(inNewYork).toContain('entre 11:30 et 11:45');
  });

  it('normalises phone numbers to E.164 by the same rule (and so does the mailer)', () => {
    for (const p of PHONES) {
      for (const cc of ['352', '33']) {
        const domain = outcome(() => domainPhone.toE164(p, cc));
        expect(
          outcome(() => fnPhone.toE164(p, cc)),
          `${p} / ${cc}`,
        ).toBe(domain);
        const mailer = outcome(() => mailerToE164(p, cc));
        expect(mailer.startsWith('error') ? 'error' : mailer, `mailer ${p}`).toBe(
          domain.startsWith('error') ? 'error' : domain,
        );
      }
    }
  });

  it('knows the restaurant, the statuses, their tracking texts and the method labels', () => {
    expect(RESTAURANT).toEqual({ ...DOMAIN_RESTAURANT, address: DOMAIN_RESTAURANT.address });
    // The stored row with the installed values reads back as the defaults.
    expect(restaurantFromSetting(DEFAULT_RESTAURANT_IDENTITY)).toEqual(RESTAURANT);
    expect(ORDER_STATUSES).toEqual(DOMAIN_STATUSES);
    for (const s of DOMAIN_STATUSES) {
      const { label, description } = shopFr.orderStatus[s];
      expect(TRACKING[s]).toEqual({ label, description });
    }
    expect(Object.keys(TRACKING).sort()).toEqual([...DOMAIN_STATUSES].sort());
    // A pickup order's own words, as the shop's tracking and confirmation pages show them.
    for (const s of DOMAIN_STATUSES)
      for (const method of ['pickup', 'delivery']) {
        const { label, description } = shopFr.orderStatusFor(s, method);
        expect(trackingFor(s, method), `${s} ${method}`).toEqual({ label, description });
      }
    for (const raw of [...DOMAIN_STATUSES, ...Object.keys(STATUS_VARIANTS), ' livrée ', 'PRÊTE', 'Livre', '', null])
      expect(normaliseStatus(raw)).toBe(domainNormalise(raw));
    expect(PAYMENT_LABELS).toEqual(shopFr.paymentMethods);
    expect(DELIVERY_LABELS).toEqual(shopFr.deliveryMethods);
  });
});

describe('e-mail templates', () => {
  const site = 'https://churrasqueira.example.lu';
  const order = {
    order_id: 'a1b2c3d4-0000-4000-8000-000000000000',
    order_number: 'a1b2c3d4',
    status: 'Prêt',
    created_at: '2025-11-19T11:00:00Z',
    customer_name: '"><img src=x onerror=alert(1)>',
    delivery_method: 'delivery',
    payment_method: 'cash',
    customer_address: '1 rue <i>du</i> Parc',
    customer_postal_code: 'L-4601',
    customer_city: 'Differdange',
    order_items: [
      { name: 'Frango & <b>batatas</b>', quantity: 2, price: 12.5, options: [{ name: "Sauce 'maison'", price: 1 }] },
    ],
    total_price: 27,
    delivery_fee: 2,
    discount_amount: 0,
    discount_percentage: 0,
    grand_total: 29,
    notes: '<script>alert(1)</script>',
  };

  it('escapes every value from the database, in text and in attributes', () => {
    for (const kind of ['order_confirmation', 'order_status']) {
      const { html, text } = renderNotification(kind, order, site);
      expect(html).not.toMatch(/<script|<img src=x|<i>|<b>batatas/);
      expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
      expect(html).toContain('&#34;&#62;&#60;img src=x onerror=alert(1)&#62;');
      expect(text).toContain('<script>alert(1)</script>'); // plain text is not HTML
    }
    const { html } = renderNotification('order_confirmation', order, site);
    expect(html).toContain('Frango &#38; &#60;b&#62;batatas&#60;/b&#62;');
    expect(html).toContain('Sauce &#39;maison&#39; (+1,00 €)');
    expect(html).toContain('27,00 €'); // (12,50 + 1,00) × 2
    const hostile = renderNotification(
      'order_confirmation',
      { ...order, order_id: undefined, order_number: '"><script>' },
      site,
    ).html;
    expect(hostile).toContain('suivi-commande?id=%22%3E%3Cscript%3E');
    expect(hostile).not.toContain('"><script>');
    const hostileId = renderNotification(
      'order_status',
      { ...order, order_id: `"><script>alert(1)</script>${'x'.repeat(20)}` },
      site,
    ).html;
    expect(hostileId).toContain('/commande/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostileId).not.toContain('"><script>');
  });

  it('shows the status label and description the tracking page shows', () => {
    const { subject, html, text } = renderNotification('order_status', { ...order, status: 'Prête' }, site);
    expect(subject).toBe('Commande n° a1b2c3d4 : Prêt pour livraison');
    expect(html).toContain(escapeHtml(shopFr.orderStatus.Prêt.description));
    expect(text).toContain(shopFr.orderStatus.Prêt.description);
  });

  it('links « Suivre ma commande » to the order’s own page by its full id, and says a pickup’s own words', () => {
    for (const kind of ['order_confirmation', 'order_status']) {
      const { html, text } = renderNotification(kind, order, site);
      expect(html).toContain(`href="${site}/commande/a1b2c3d4-0000-4000-8000-000000000000"`);
      expect(text).toContain(`Suivre ma commande : ${site}/commande/a1b2c3d4-0000-4000-8000-000000000000`);
    }
    const pickup = renderNotification('order_status', { ...order, delivery_method: 'pickup', status: 'Prêt' }, site);
    expect(pickup.subject).toBe('Commande n° a1b2c3d4 : Prête à retirer');
    expect(pickup.html).toContain('Votre commande est prête : elle vous attend au restaurant.');
    expect(pickup.text).not.toContain('livraison');
    // Cancelled by the customer on the order's page: their own act, not the restaurant's refusal.
    const cancelled = renderNotification(
      'order_status',
      { ...order, status: 'Annulée', cancelled_by_customer: true },
      site,
    );
    expect(cancelled.subject).toBe('Commande n° a1b2c3d4 : Annulée');
    expect(cancelled.text).toContain(
      'Vous avez annulé cette commande avant que le restaurant ne l’accepte : elle ne sera pas préparée.',
    );
    expect(cancelled.text).not.toContain('Motif');
    const refused = renderNotification('order_status', { ...order, status: 'Annulée', refusal_reason: 'Fermé' }, site);
    expect(refused.text).toContain('Motif : Fermé');
    expect(refused.text).not.toContain('Vous avez annulé');
    const collected = renderNotification(
      'order_status',
      { ...order, delivery_method: 'pickup', status: 'Livrée' },
      site,
    );
    expect(collected.subject).toBe('Commande n° a1b2c3d4 : Retirée');
  });

  it('tells the ready time once accepted, and the reason of a refusal', () => {
    const accepted = renderNotification(
      'order_status',
      { ...order, status: 'Bien reçu', ready_text: 'Prête vers 19:45' },
      site,
    );
    expect(accepted.subject).toBe('Commande n° a1b2c3d4 : Commande reçue — Prête vers 19:45');
    expect(accepted.html).toContain('Prête vers 19:45');
    expect(accepted.text).toContain('Prête vers 19:45');
    const confirmed = renderNotification(
      'order_confirmation',
      { ...order, ready_text: 'Livraison prévue vers 20:10' },
      site,
    );
    expect(confirmed.text).toContain('Livraison prévue vers 20:10.');
    // Not yet accepted: the restaurant's own estimate (the slot of its default preparation time), never « 30 à 60 ».
    const placed = renderNotification(
      'order_confirmation',
      { ...order, delivery_method: 'delivery', ready_text: null, slot_start: '2026-11-23T11:45:00Z' },
      site,
    );
    expect(placed.text).toContain('Estimation du restaurant : livraison entre 12:45 et 13:00.');
    expect(placed.html).toContain('Estimation du restaurant : livraison entre 12:45 et 13:00.');
    const pickup = renderNotification(
      'order_confirmation',
      { ...order, delivery_method: 'pickup', ready_text: null, slot_start: '2026-07-06T16:30:00Z' },
      site,
    );
    expect(pickup.text).toContain('Estimation du restaurant : prête entre 18:30 et 18:45.');
    const unknown = renderNotification('order_confirmation', { ...order, ready_text: null, slot_start: null }, site);
    expect(unknown.text).toContain('Le restaurant vous confirmera l’heure dès qu’il acceptera votre commande.');
    for (const r of [placed, pickup, unknown]) expect(r.text).not.toMatch(/30 à 60|30-60/);
    const refused = renderNotification(
      'order_status',
      { ...order, status: 'Annulée', refusal_reason: 'Four <en panne>' },
      site,
    );
    expect(refused.html).toContain('Motif : Four &#60;en panne&#62;');
    expect(refused.text).toContain('Motif : Four <en panne>');
    expect(refused.subject).toBe('Commande n° a1b2c3d4 : Annulée');
  });

  it('wraps the admin HTML in the layout with a text alternative; refuses unknown kinds', () => {
    const { html, text } = renderPromotion(
      'Promo',
      '<p>Poulet<br>entier &amp; frites</p><ul><li>12,50 €</li></ul>',
      site,
    );
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<p>Poulet<br>entier &amp; frites</p>');
    expect(html).toContain(`${site}/icons/icon-192.png`);
    expect(text.startsWith('Poulet\nentier & frites\n- 12,50 €')).toBe(true);
    expect(plainTextToHtml('a\r\nb <c>')).toBe('a<br>b &#60;c&#62;');
    expect(htmlToText('<style>p{}</style><p>x</p>')).toBe('x');
    expect(() => renderNotification('sms_blast', {}, site)).toThrow('No template for notification kind "sms_blast"');
  });

  describe("the restaurant's identity from the settings", () => {
    // The database and the domain refuse such a name now (plain words only); the templates still escape
    // whatever name they are given.
    const stored = {
      ...restaurantIdentitySchema.parse({
        ...DEFAULT_RESTAURANT_IDENTITY,
        street: "3, rue de l'Église",
        postal_code: 'L-4510',
        city: 'Oberkorn',
        phone: '+352621000111',
        phone_display: '+352 621 000 111',
        email: 'ola@ze-filhos.lu',
      }),
      name: 'Chez <Zé> & "Filhos"',
    };
    const identity = restaurantFromSetting(stored)!;

    it('reads the stored row, and refuses a row that is not an identity', () => {
      expect(identity).toEqual({
        name: 'Chez <Zé> & "Filhos"',
        street: "3, rue de l'Église",
        postalCode: 'L-4510',
        city: 'Oberkorn',
        country: 'Luxembourg',
        phoneDisplay: '+352 621 000 111',
        phone: '+352621000111',
        email: 'ola@ze-filhos.lu',
        address: "3, rue de l'Église, L-4510 Oberkorn",
      });
      for (const bad of [
        null,
        'Churrasqueira',
        [],
        {},
        { ...stored, name: '  ' },
        { ...stored, phone: '621 000 111' },
        { ...stored, phone: 'javascript:alert(1)' },
        { ...stored, email: 'pas-une-adresse' },
        { ...stored, city: 42 },
        { ...stored, phone_display: 'x'.repeat(41) },
      ])
        expect(restaurantFromSetting(bad), JSON.stringify(bad)).toBeNull();
    });

    it('every template prints the given identity, escaped, and none of the defaults', () => {
      const pickup = { ...order, delivery_method: 'pickup' };
      const reservation = {
        name: 'Ana',
        phone: '621 123 456',
        reservation_date: '2025-11-21',
        reservation_time: '20:00',
        people: '4',
      };
      const rendered = [
        renderNotification('order_confirmation', pickup, site, identity),
        renderNotification('order_status', { ...pickup, status: 'Prêt' }, site, identity),
        renderNotification('reservation_received', reservation, site, identity),
        renderPromotion('Promo', '<p>Frango</p>', site, identity),
        renderPlainMessage('Votre commande', 'Elle arrive.', site, identity),
      ];
      for (const { html, text } of rendered) {
        expect(html).toContain('Chez &#60;Zé&#62; &#38; &#34;Filhos&#34;');
        expect(html).not.toContain('<Zé>');
        expect(html).toContain('3, rue de l&#39;Église, L-4510 Oberkorn');
        expect(html).toContain('href="tel:+352621000111"');
        expect(html).toContain('+352 621 000 111');
        expect(html).toContain('href="mailto:ola@ze-filhos.lu"');
        expect(text).toContain('Chez <Zé> & "Filhos"\n3, rue de l\'Église, L-4510 Oberkorn\nTél. +352 621 000 111');
        for (const old of [
          RESTAURANT.name,
          RESTAURANT.phoneDisplay,
          RESTAURANT.phone,
          RESTAURANT.email,
          RESTAURANT.street,
        ])
          expect(html + text).not.toContain(old);
      }
      const [confirmation, status, booking] = rendered;
      expect(confirmation.subject).toBe('Confirmation de votre commande n° a1b2c3d4 — Chez <Zé> & "Filhos"');
      expect(confirmation.text).toContain('À retirer au : Chez <Zé> & "Filhos", 3, rue de l\'Église, L-4510 Oberkorn');
      expect(status.text).toContain('Une question ? +352 621 000 111');
      expect(booking.subject).toBe('Votre demande de réservation du vendredi 21 novembre 2025 — Chez <Zé> & "Filhos"');
      expect(booking.text).toContain('Pour toute modification : +352 621 000 111');
    });

    it('without an identity the templates print the installed defaults', () => {
      const { html, text, subject } = renderNotification('order_confirmation', order, site);
      expect(subject).toContain(`— ${RESTAURANT.name}`);
      expect(html).toContain(`href="tel:${RESTAURANT.phone}"`);
      expect(text).toContain(`${RESTAURANT.address}\nTél. ${RESTAURANT.phoneDisplay}`);
    });
  });
});

describe('staff roles copy', () => {
  it('reads every app_metadata.role and level as the domain does', () => {
    expect(fnRoles.STAFF_ROLES).toEqual(domainRoles.STAFF_ROLES);
    for (const raw of ['admin', 'owner', 'manager', 'staff', 'customer', '', null, undefined, 3, 'Owner']) {
      expect(fnRoles.staffRoleOf(raw)).toBe(domainRoles.staffRoleOf(raw));
      for (const level of domainRoles.STAFF_ROLES)
        expect(fnRoles.roleAllows(fnRoles.staffRoleOf(raw), level)).toBe(
          domainRoles.roleAllows(domainRoles.staffRoleOf(raw), level),
        );
    }
    expect(domainRoles.staffRoleOf('admin')).toBe('owner');
    expect(domainRoles.roleAllows('staff', 'manager')).toBe(false);
    expect(domainRoles.roleAllows('manager', 'manager')).toBe(true);
  });
});
