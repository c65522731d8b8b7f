import { describe, expect, it } from 'vitest';
import {
  firstPreorderDate,
  latestPreorderDate,
  preorderDateRefusal,
  preorderSlotsFor,
  reservationSlotsFor,
  reservationTimeIsPast,
} from '../../../src/shared/domain/bookable-slots.js';
import {
  preorderTooSoon,
  timeSlotsFor,
  todayPreorderFrom,
  validatePreorderSlot,
} from '../../../src/shared/domain/opening-hours.js';
import { orderBoundsRefusal } from '../../../src/shared/domain/input-bounds.js';

// Monday 23 November 2026, 10:06 in Luxembourg.
const now = new Date('2026-11-23T09:06:00Z');

describe('the slots a customer is offered are the ones the server takes', () => {
  it('a table today: only the times still to come', () => {
    const today = reservationSlotsFor('2026-11-23', now);
    expect(today.length).toBeGreaterThan(0);
    expect(today.every((t) => t > '10:06')).toBe(true);
    expect(today).toEqual(timeSlotsFor('2026-11-23').filter((t) => t > '10:06'));
    expect(reservationSlotsFor('2026-11-25', now)).toEqual(timeSlotsFor('2026-11-25'));
    expect(reservationSlotsFor('2026-11-22', now)).toEqual([]);
    expect(reservationSlotsFor('2027-11-24', now)).toEqual([]);
    expect(reservationTimeIsPast('2026-11-23', '07:00', now)).toBe(true);
    expect(reservationTimeIsPast('2026-11-22', '23:00', now)).toBe(true);
    expect(reservationTimeIsPast('2026-11-24', '07:00', now)).toBe(false);
  });

  it('a pre-order: today only after the preparation time, none before today nor beyond 60 days, and every slot offered passes the server’s checks', () => {
    // 10:06 + 30 minutes of preparation: from 10:36, so 11:00 is the first slot of today.
    expect(preorderSlotsFor('2026-11-23', now)).toEqual(timeSlotsFor('2026-11-23'));
    expect(preorderDateRefusal('2026-11-23', now)).toBeNull();
    expect(todayPreorderFrom(now)).toBe('10:36');
    // The server's own answer (another preparation time) decides when given.
    expect(preorderSlotsFor('2026-11-23', now, undefined, '12:20')[0]).toBe('12:30');
    // Monday 16:00, between services: today's evening slots; 21:20: none left, the next open day.
    const afternoon = new Date('2026-11-23T15:00:00Z');
    expect(preorderSlotsFor('2026-11-23', afternoon)[0]).toBe('18:00');
    expect(firstPreorderDate(afternoon)).toBe('2026-11-23');
    const late = new Date('2026-11-23T20:20:00Z');
    expect(preorderSlotsFor('2026-11-23', late)).toEqual([]);
    expect(firstPreorderDate(late)).toBe('2026-11-25');
    expect(todayPreorderFrom(new Date('2026-11-23T22:45:00Z'))).toBe('24:00');
    for (const t of preorderSlotsFor('2026-11-23', now)) expect(preorderTooSoon('2026-11-23', t, now)).toBe(false);
    expect(preorderTooSoon('2026-11-23', '10:30', now)).toBe(true);
    expect(preorderDateRefusal('2026-11-22', now)?.code).toBe('preorder_too_early');
    expect(preorderSlotsFor('2026-11-22', now)).toEqual([]);
    expect(preorderSlotsFor('2027-03-15', now)).toEqual([]);
    expect(preorderDateRefusal('2027-03-15', now)?.code).toBe('preorder_too_far');
    expect(latestPreorderDate(now)).toBe('2027-01-22');
    for (const date of ['2026-11-23', '2026-11-24', '2026-11-25', '2027-01-22']) {
      const slots = preorderSlotsFor(date, now);
      for (const time of slots) {
        expect(validatePreorderSlot(date, time, now)).toBeNull();
        expect(
          orderBoundsRefusal(
            { isPreorder: true, preorderDate: date, preorderTime: time, items: [], customer: {} } as never,
            now,
          ),
        ).toBeNull();
      }
    }
  });
});
