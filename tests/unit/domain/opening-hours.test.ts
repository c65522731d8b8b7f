import { describe, expect, it } from 'vitest';
import {
  earliestPreorderDate,
  isOpenForOrders,
  isRestaurantOpen,
  nextOpening,
  nextOpeningDay,
  timeSlotsFor,
  validatePreorderSlot,
  closedTodayNotice,
  outsideHoursRefusal,
  servicesProblem,
  weekServices,
  SEEDED_OPENING_SCHEDULE,
  type OpeningSchedule,
} from '../../../src/shared/domain/opening-hours.js';
import { fr } from '../../../src/shop/i18n/fr.js';

/** The next opening as the shop says it (the domain gives the day and time, the catalogue the words). */
const nextOpeningText = (now: Date, schedule?: OpeningSchedule) => {
  const next = nextOpeningDay(now, schedule);
  return next && fr.store.nextOpening(next);
};
/** A day of the week as the contact page and the footer show it. */
const weekLine = (schedule: OpeningSchedule, index: number) => {
  const d = weekServices(schedule)[index]!;
  return { day: fr.hours.day(d.weekday), hours: fr.hours.services(d.services) };
};

// 2026-11-23 is a Monday (UTC+1); 2026-07-20 a Monday in summer (UTC+2).
const lux = (local: string, offset = '+01:00') => new Date(`${local}${offset}`);

describe('ordering hours', () => {
  it('take orders from 11:00 to 14:30 and 18:00 to 21:30, Luxembourg time', () => {
    expect(isOpenForOrders(lux('2026-11-23T10:59'))).toBe(false);
    expect(isOpenForOrders(lux('2026-11-23T11:00'))).toBe(true);
    expect(isOpenForOrders(lux('2026-11-23T14:30:59'))).toBe(true);
    expect(isOpenForOrders(lux('2026-11-23T14:31'))).toBe(false);
    expect(isOpenForOrders(lux('2026-11-23T17:59'))).toBe(false);
    expect(isOpenForOrders(lux('2026-11-23T18:00'))).toBe(true);
    expect(isOpenForOrders(lux('2026-11-23T21:30'))).toBe(true);
    expect(isOpenForOrders(lux('2026-11-23T21:31'))).toBe(false);
  });

  it('are closed all Tuesday', () => {
    expect(isOpenForOrders(lux('2026-11-24T12:00'))).toBe(false);
    expect(isOpenForOrders(lux('2026-11-24T19:00'))).toBe(false);
    expect(isOpenForOrders(lux('2026-11-25T12:00'))).toBe(true);
  });

  it('use summer time in July: 09:15 UTC is 11:15 in Luxembourg', () => {
    expect(isOpenForOrders(new Date('2026-07-20T09:15:00Z'))).toBe(true);
    expect(isOpenForOrders(new Date('2026-07-20T12:45:00Z'))).toBe(false); // 14:45
    expect(isOpenForOrders(new Date('2026-01-19T09:15:00Z'))).toBe(false); // 10:15 in winter
  });

  it('keep the dining room open until 15:00 and 22:00', () => {
    expect(isRestaurantOpen(lux('2026-11-23T14:45'))).toBe(true);
    expect(isRestaurantOpen(lux('2026-11-23T15:00'))).toBe(false);
    expect(isRestaurantOpen(lux('2026-11-24T12:00'))).toBe(false);
  });
});

describe('next opening', () => {
  it('is now while orders are taken', () => {
    const now = lux('2026-11-23T12:00');
    expect(nextOpening(now)).toBe(now);
  });

  it('is the evening service after lunch, the next morning after dinner', () => {
    expect(nextOpening(lux('2026-11-23T14:45'))!.toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(nextOpening(lux('2026-11-23T08:00'))!.toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('skips Tuesday: Monday night leads to Wednesday 11:00', () => {
    expect(nextOpening(lux('2026-11-23T22:00'))!.toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });

  it('crosses the October clock change at the right hour', () => {
    // Sunday 25 October 2026 03:00 is after the change: lunch opens at 11:00 UTC+1.
    expect(nextOpening(new Date('2026-10-25T02:00:00Z'))!.toISOString()).toBe('2026-10-25T10:00:00.000Z');
    // Saturday 28 March 2026 after dinner: Sunday opens at 11:00 UTC+2.
    expect(nextOpening(lux('2026-03-28T23:00'))!.toISOString()).toBe('2026-03-29T09:00:00.000Z');
  });
});

describe('next opening in words', () => {
  it('says nothing while open, then today, tomorrow or the day', () => {
    expect(nextOpeningText(lux('2026-11-23T12:00'))).toBeNull();
    expect(nextOpeningText(lux('2026-11-23T15:00'))).toBe('à 18:00');
    expect(nextOpeningText(lux('2026-11-22T23:00'))).toBe('demain à 11:00');
    expect(nextOpeningText(lux('2026-11-23T22:00'))).toBe('mercredi 25 novembre à 11:00');
    expect(nextOpeningDay(lux('2026-11-23T22:00'))).toEqual({ day: 'later', date: '2026-11-25', time: '11:00' });
  });
});

describe('pre-order slots and dates', () => {
  it('offer every 15 minutes inside the ordering windows', () => {
    const slots = timeSlotsFor('2026-11-23');
    expect(slots.slice(0, 3)).toEqual(['11:00', '11:15', '11:30']);
    expect(slots).toContain('14:30');
    expect(slots).not.toContain('14:45');
    expect(slots).toContain('18:00');
    expect(slots.at(-1)).toBe('21:30');
    expect(slots).toHaveLength(30);
    expect(timeSlotsFor('2026-11-24')).toEqual([]);
    expect(timeSlotsFor('nonsense')).toEqual([]);
  });

  it('start tomorrow in Luxembourg time, skipping Tuesday', () => {
    expect(earliestPreorderDate(lux('2026-11-22T12:00'))).toBe('2026-11-23');
    expect(earliestPreorderDate(lux('2026-11-23T12:00'))).toBe('2026-11-25');
    // 23:30 UTC on Saturday is already Sunday in Luxembourg, so the earliest is Monday.
    expect(earliestPreorderDate(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-23');
  });

  it('validate date, then time', () => {
    const now = lux('2026-11-22T20:00'); // Sunday
    expect(validatePreorderSlot('2026-11-23', '12:15', now)).toBeNull();
    expect(validatePreorderSlot('2026-11-23', '21:30:00', now)).toBeNull();
    // Today is a day a pre-order may be for (the preparation time is place_order_once's, preorderTooSoon).
    expect(validatePreorderSlot('2026-11-22', '21:00', now)).toBeNull();
    expect(validatePreorderSlot('2026-11-21', '21:00', now)?.code).toBe('preorder_too_early');
    expect(validatePreorderSlot('2026-11-20', '12:00', now)?.code).toBe('preorder_too_early');
    expect(validatePreorderSlot('2026-11-24', '12:00', now)).toMatchObject({
      code: 'preorder_closed_day',
      message: 'Le restaurant est fermé le mardi. Veuillez choisir un autre jour.',
    });
    expect(validatePreorderSlot('2026-11-23', '12:10', now)?.code).toBe('preorder_invalid_time');
    expect(validatePreorderSlot('2026-11-23', '15:00', now)?.code).toBe('preorder_invalid_time');
    expect(validatePreorderSlot('2026-11-23', '25:00', now)?.code).toBe('preorder_invalid_time');
    expect(validatePreorderSlot('23/11/2026', '12:00', now)?.code).toBe('preorder_invalid_date');
    expect(validatePreorderSlot(null, '12:00', now)?.code).toBe('preorder_invalid_date');
  });
});

describe('opening hours from the owner’s schedule', () => {
  const christmas: OpeningSchedule = {
    weekly: { ...SEEDED_OPENING_SCHEDULE.weekly, last_order_minutes_before_close: 45 },
    exceptions: [
      { day: '2026-12-25', is_closed: true, services: [], reason: 'Noël' },
      { day: '2026-12-29', is_closed: false, services: [['12:00', '16:00']], reason: 'Fêtes' },
    ],
  };

  it('a dated closure: no orders, no pre-order slots, the reason and the reopening', () => {
    expect(isOpenForOrders(lux('2026-12-25T12:00'), christmas)).toBe(false);
    expect(timeSlotsFor('2026-12-25', christmas)).toEqual([]);
    expect(closedTodayNotice(lux('2026-12-25T12:00'), christmas)).toBe(
      "Fermé aujourd'hui (Noël) — réouverture demain à 11:00",
    );
    expect(outsideHoursRefusal(lux('2026-12-25T12:00'), christmas)?.message).toBe(
      "Fermé aujourd'hui (Noël) — réouverture demain à 11:00. Vous pouvez passer une pré-commande.",
    );
    expect(validatePreorderSlot('2026-12-25', '12:00', lux('2026-12-20T12:00'), christmas)?.message).toBe(
      'Le restaurant est fermé le vendredi 25 décembre (Noël). Veuillez choisir un autre jour.',
    );
    expect(closedTodayNotice(lux('2026-12-24T12:00'), christmas)).toBeNull();
  });

  it('a special opening on a Tuesday, and the owner’s last-order offset', () => {
    const slots = timeSlotsFor('2026-12-29', christmas);
    expect([slots.length, slots[0], slots.at(-1)]).toEqual([14, '12:00', '15:15']);
    expect(isOpenForOrders(lux('2026-12-29T15:15'), christmas)).toBe(true);
    expect(isOpenForOrders(lux('2026-12-29T15:16'), christmas)).toBe(false);
    expect(isOpenForOrders(lux('2026-12-28T14:15'), christmas)).toBe(true);
    expect(isOpenForOrders(lux('2026-12-28T14:16'), christmas)).toBe(false);
    expect(validatePreorderSlot('2026-12-29', '15:30', lux('2026-12-20T12:00'), christmas)?.message).toBe(
      'Veuillez choisir une heure de commande entre 12:00–15:15, par tranches de 15 minutes.',
    );
    expect(weekLine(christmas, 1)).toEqual({ day: 'Mardi', hours: 'Fermé' });
    expect(weekLine(christmas, 0)).toEqual({ day: 'Lundi', hours: '11:00 – 15:00 · 18:00 – 22:00' });
  });

  it('the admin’s bounds match the database’s', () => {
    expect(servicesProblem([['11:00', '15:00']])).toBeNull();
    expect(servicesProblem([['15:00', '11:00']])).toBe('order');
    expect(servicesProblem([['24:00', '25:00']])).toBe('time');
    expect(servicesProblem(Array.from({ length: 5 }, (_, i) => [`0${i}:00`, `0${i}:30`] as const))).toBe('too_many');
  });
});
