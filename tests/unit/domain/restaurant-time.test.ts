import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  parseClockTime,
  parseIsoDate,
  restaurantClock,
  restaurantDate,
  restaurantInstant,
  restaurantTimeZone,
  setRestaurantTimeZone,
  timeZoneOffsetMs,
  weekdayOf,
} from '../../../src/shared/domain/restaurant-time.js';
import {
  nextOpening,
  nextOpeningDay,
  SEEDED_OPENING_SCHEDULE,
  todayPreorderFrom,
  weeklyHoursFromSetting,
  type OpeningSchedule,
} from '../../../src/shared/domain/opening-hours.js';
import { fr } from '../../../src/shop/i18n/fr.js';
import { firstPreorderDate, preorderSlotsFor } from '../../../src/shared/domain/bookable-slots.js';
import { formatDateTimeFr } from '../../../src/shared/domain/french-dates.js';
import { readyLine } from '../../../src/shared/domain/ticket.js';
import { TICKET_FR } from '../../../src/shared/i18n/ticket-fr.js';

/** The next opening as the shop says it (the domain gives the day and time, the catalogue the words). */
const nextOpeningText = (now: Date, schedule?: OpeningSchedule) => {
  const next = nextOpeningDay(now, schedule);
  return next && fr.store.nextOpening(next);
};

const LUX = 'Europe/Luxembourg';
const NY = 'America/New_York';
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** The seeded week (closed on Tuesday; 11:00–15:00 and 18:00–22:00, last order 30 minutes before) in a zone. */
const scheduleIn = (timezone: string): OpeningSchedule => ({
  ...SEEDED_OPENING_SCHEDULE,
  weekly: { ...SEEDED_OPENING_SCHEDULE.weekly, timezone },
});

afterEach(() => setRestaurantTimeZone(DEFAULT_TIME_ZONE));

describe("the restaurant's clock, from the platform's tz database", () => {
  it('reads the wall clock in winter and summer, in either zone', () => {
    expect(restaurantClock(at('2026-01-15T10:30:00Z'), LUX)).toEqual({
      date: '2026-01-15',
      time: '11:30',
      weekday: 4,
      minutes: 690,
    });
    expect(restaurantClock(at('2026-07-15T22:30:00Z'), LUX)).toMatchObject({ date: '2026-07-16', time: '00:30' });
    expect(restaurantClock(at('2026-01-15T10:30:00Z'), NY)).toMatchObject({ date: '2026-01-15', time: '05:30' });
    expect(restaurantClock(at('2026-07-16T02:30:00Z'), NY)).toMatchObject({
      date: '2026-07-15',
      time: '22:30',
      weekday: 3,
    });
  });

  // The EU changes at 01:00 UTC on the last Sundays of March and October; New York at 02:00 local time on the
  // second Sunday of March and the first of November.
  it.each([
    [LUX, '2026-03-29T01:00:00Z', 1, 2],
    [LUX, '2026-10-25T01:00:00Z', 2, 1],
    [LUX, '2027-03-28T01:00:00Z', 1, 2],
    [LUX, '2027-10-31T01:00:00Z', 2, 1],
    [NY, '2026-03-08T07:00:00Z', -5, -4],
    [NY, '2026-11-01T06:00:00Z', -4, -5],
    [NY, '2027-03-14T07:00:00Z', -5, -4],
    [NY, '2027-11-07T06:00:00Z', -4, -5],
  ])('%s changes its offset at %s (UTC%i → UTC%i)', (zone, change, before, after) => {
    const t = at(change).getTime();
    expect(timeZoneOffsetMs(new Date(t - 1000), zone)).toBe(before * HOUR);
    expect(timeZoneOffsetMs(new Date(t), zone)).toBe(after * HOUR);
  });

  it("keeps New York's offset on the EU's change days, and Luxembourg's on New York's", () => {
    for (const day of ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31'])
      expect(timeZoneOffsetMs(at(`${day}T12:00:00Z`), NY)).toBe(timeZoneOffsetMs(at(`${day}T00:00:00Z`), NY));
    for (const day of ['2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07'])
      expect(timeZoneOffsetMs(at(`${day}T12:00:00Z`), LUX)).toBe(timeZoneOffsetMs(at(`${day}T00:00:00Z`), LUX));
  });

  it("gives today's date on each side of midnight around every change", () => {
    // Luxembourg: 23:30 the evening after a change, 00:30 the night before it.
    expect(restaurantDate(at('2026-03-29T21:30:00Z'), LUX)).toBe('2026-03-29');
    expect(restaurantDate(at('2026-03-28T23:30:00Z'), LUX)).toBe('2026-03-29');
    expect(restaurantDate(at('2026-10-25T22:30:00Z'), LUX)).toBe('2026-10-25');
    expect(restaurantDate(at('2026-10-24T22:30:00Z'), LUX)).toBe('2026-10-25');
    expect(restaurantDate(at('2027-03-28T21:59:00Z'), LUX)).toBe('2027-03-28');
    expect(restaurantDate(at('2027-03-28T22:00:00Z'), LUX)).toBe('2027-03-29');
    expect(restaurantDate(at('2027-10-31T22:59:00Z'), LUX)).toBe('2027-10-31');
    expect(restaurantDate(at('2027-10-31T23:00:00Z'), LUX)).toBe('2027-11-01');
    // New York: the same instants are still the day before there.
    expect(restaurantDate(at('2026-03-28T23:30:00Z'), NY)).toBe('2026-03-28');
    expect(restaurantDate(at('2026-11-01T03:59:00Z'), NY)).toBe('2026-10-31');
    expect(restaurantDate(at('2026-11-01T04:00:00Z'), NY)).toBe('2026-11-01');
    expect(restaurantDate(at('2026-11-02T04:59:00Z'), NY)).toBe('2026-11-01');
    expect(restaurantDate(at('2026-11-02T05:00:00Z'), NY)).toBe('2026-11-02');
    expect(restaurantDate(at('2027-03-15T03:59:00Z'), NY)).toBe('2027-03-14');
    expect(restaurantDate(at('2027-11-08T04:59:00Z'), NY)).toBe('2027-11-07');
  });

  it('turns a date and time of the zone into its instant on either side of each change', () => {
    expect(restaurantInstant('2026-03-28', '11:00', LUX).toISOString()).toBe('2026-03-28T10:00:00.000Z');
    expect(restaurantInstant('2026-03-29', '11:00', LUX).toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(restaurantInstant('2026-10-25', '18:00', LUX).toISOString()).toBe('2026-10-25T17:00:00.000Z');
    expect(restaurantInstant('2026-10-24', '00:00', LUX).toISOString()).toBe('2026-10-23T22:00:00.000Z');
    expect(restaurantInstant('2027-03-28', '11:00', LUX).toISOString()).toBe('2027-03-28T09:00:00.000Z');
    expect(restaurantInstant('2027-10-31', '11:00', LUX).toISOString()).toBe('2027-10-31T10:00:00.000Z');
    expect(restaurantInstant('2026-03-08', '11:00', NY).toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect(restaurantInstant('2026-03-07', '11:00', NY).toISOString()).toBe('2026-03-07T16:00:00.000Z');
    expect(restaurantInstant('2026-11-01', '18:00', NY).toISOString()).toBe('2026-11-01T23:00:00.000Z');
    expect(restaurantInstant('2027-03-14', '11:00', NY).toISOString()).toBe('2027-03-14T15:00:00.000Z');
    expect(restaurantInstant('2027-11-07', '11:00', NY).toISOString()).toBe('2027-11-07T16:00:00.000Z');
    // As PostgreSQL reads them: a time the spring change skips lands an hour later; one the autumn change shows
    // twice is its second showing.
    expect(restaurantInstant('2026-03-29', '02:30', LUX).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(restaurantInstant('2026-10-25', '02:30', LUX).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(restaurantInstant('2027-03-14', '02:30', NY).toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(restaurantInstant('2026-11-01', '01:30', NY).toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(() => restaurantInstant('2026-02-30', '11:00', LUX)).toThrow(RangeError);
  });

  it('round-trips every half hour of 2026 and 2027 in both zones', () => {
    for (const zone of [LUX, NY]) {
      const wrong: string[] = [];
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 30 * 60_000) {
        const c = restaurantClock(new Date(t), zone);
        const back = restaurantInstant(c.date, c.time, zone).getTime();
        // Only the autumn's repeated hour may come back as its second showing.
        if (back !== t && back !== t + HOUR) wrong.push(`${zone} ${new Date(t).toISOString()}`);
      }
      expect(wrong).toEqual([]);
    }
  });

  it('uses the zone of the setting when none is given, and keeps the last one for a zone the platform does not know', () => {
    expect(restaurantTimeZone()).toBe(LUX);
    expect(restaurantClock(at('2026-07-15T10:30:00Z')).time).toBe('12:30');
    setRestaurantTimeZone(NY);
    expect(restaurantTimeZone()).toBe(NY);
    expect(restaurantClock(at('2026-07-15T10:30:00Z')).time).toBe('06:30');
    setRestaurantTimeZone('Mars/Olympus_Mons');
    setRestaurantTimeZone(42);
    expect(restaurantTimeZone()).toBe(NY);
    expect(weeklyHoursFromSetting({ timezone: 'Mars/Olympus_Mons' }).timezone).toBe(LUX);
    expect(weeklyHoursFromSetting({ timezone: NY }).timezone).toBe(NY);
  });

  it('refuses an invalid instant', () => {
    expect(() => restaurantClock(new Date('not a date'), LUX)).toThrow(RangeError);
    expect(() => timeZoneOffsetMs(new Date(Number.NaN), NY)).toThrow(RangeError);
  });
});

/** A fresh copy of the module (no formatter made yet, no table adopted), as a page's first load has it. */
const freshClock = async () => {
  vi.resetModules();
  return import('../../../src/shared/domain/restaurant-time.js');
};

/** Counts the Intl.DateTimeFormat a piece of code makes and the readings it asks of one. */
const countIntl = <T>(run: () => T): { made: number; read: number; result: T } => {
  const Real = Intl.DateTimeFormat;
  let made = 0;
  Intl.DateTimeFormat = class extends Real {
    constructor(...args: ConstructorParameters<typeof Real>) {
      super(...args);
      made++;
    }
  } as typeof Real;
  const read = vi.spyOn(Real.prototype, 'formatToParts');
  try {
    const result = run();
    return { made, read: read.mock.calls.length, result };
  } finally {
    Intl.DateTimeFormat = Real;
    read.mockRestore();
  }
};

describe("the zone's offsets a prerendered page carries (read from the same tz database)", () => {
  const FROM = Date.UTC(2025, 0, 1);
  const UNTIL = Date.UTC(2029, 0, 1);

  it('lists the four changes of 2026 and 2027 at their instants, to the second', async () => {
    const { zoneOffsetTable } = await freshClock();
    const changesIn = (zone: string) =>
      zoneOffsetTable(zone, FROM, UNTIL)
        .changes.filter(([t]) => t >= Date.UTC(2026, 0, 1) && t < Date.UTC(2028, 0, 1))
        .map(([t, offset]) => [new Date(t).toISOString(), offset / 3600]);
    expect(changesIn(LUX)).toEqual([
      ['2026-03-29T01:00:00.000Z', 2],
      ['2026-10-25T01:00:00.000Z', 1],
      ['2027-03-28T01:00:00.000Z', 2],
      ['2027-10-31T01:00:00.000Z', 1],
    ]);
    expect(changesIn(NY)).toEqual([
      ['2026-03-08T07:00:00.000Z', -4],
      ['2026-11-01T06:00:00.000Z', -5],
      ['2027-03-14T07:00:00.000Z', -4],
      ['2027-11-07T06:00:00.000Z', -5],
    ]);
    const lux = zoneOffsetTable(LUX, FROM, UNTIL);
    expect(lux.changes[0]).toEqual([FROM, 3600]);
    // Plain JSON: the page carries it as its loader's data.
    expect(JSON.parse(JSON.stringify(lux))).toEqual(lux);
  });

  it('gives the same clock as Intl every half hour of 2026 and 2027, in both zones, without asking Intl', async () => {
    const expected = await freshClock();
    const tables = [LUX, NY].map((zone) => JSON.parse(JSON.stringify(expected.zoneOffsetTable(zone, FROM, UNTIL))));
    const instants: number[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 30 * 60_000) instants.push(t, t + 59_999);
    const want = [LUX, NY].map((zone) =>
      instants.map((t) => [expected.restaurantClock(new Date(t), zone), expected.timeZoneOffsetMs(new Date(t), zone)]),
    );

    const page = await freshClock();
    const { made, read, result } = countIntl(() => {
      for (const table of tables) page.adoptZoneOffsets(table);
      page.setRestaurantTimeZone(LUX);
      return [LUX, NY].map((zone) => ({
        zone,
        known: page.isKnownTimeZone(zone),
        got: instants.map((t) => [page.restaurantClock(new Date(t), zone), page.timeZoneOffsetMs(new Date(t), zone)]),
        instants: [
          page.restaurantInstant('2026-03-29', '02:30', zone).toISOString(),
          page.restaurantInstant('2026-11-01', '01:30', zone).toISOString(),
          page.restaurantInstant('2027-10-31', '11:00', zone).toISOString(),
        ],
      }));
    });
    expect({ made, read }).toEqual({ made: 0, read: 0 });
    expect(page.restaurantTimeZone()).toBe(LUX);
    for (const [i, { zone, known, got, instants: read }] of result.entries()) {
      expect(known).toBe(true);
      expect(got, zone).toEqual(want[i]);
      expect(read).toEqual([
        expected.restaurantInstant('2026-03-29', '02:30', zone).toISOString(),
        expected.restaurantInstant('2026-11-01', '01:30', zone).toISOString(),
        expected.restaurantInstant('2027-10-31', '11:00', zone).toISOString(),
      ]);
    }
  });

  it('goes to Intl outside the span and for another zone, and ignores a malformed table', async () => {
    const page = await freshClock();
    page.adoptZoneOffsets(page.zoneOffsetTable(LUX, FROM, UNTIL));
    const later = countIntl(() => page.restaurantClock(at('2031-07-01T10:00:00Z')));
    expect(later.result.time).toBe('12:00');
    expect(later.read).toBe(1);
    const elsewhere = countIntl(() => page.restaurantClock(at('2026-07-01T10:00:00Z'), NY));
    expect(elsewhere.result.time).toBe('06:00');
    expect(elsewhere.read).toBe(1);

    for (const bad of [
      null,
      'Europe/Luxembourg',
      { zone: NY, from: FROM, until: UNTIL, changes: [] },
      { zone: NY, from: FROM, until: UNTIL, changes: [[FROM + 1, -18000]] },
      {
        zone: NY,
        from: FROM,
        until: UNTIL,
        changes: [
          [FROM, -18000],
          [FROM, -14400],
        ],
      },
      { zone: NY, from: UNTIL, until: FROM, changes: [[UNTIL, -18000]] },
      { zone: NY, from: FROM, until: UNTIL, changes: [[FROM, 'UTC-5']] },
    ])
      page.adoptZoneOffsets(bad);
    expect(page.restaurantTimeZone()).toBe(LUX);
    expect(page.timeZoneOffsetMs(at('2026-07-01T10:00:00Z'), NY)).toBe(-4 * HOUR);
    // An invalid instant is refused with a table as without one.
    expect(() => page.timeZoneOffsetMs(new Date(Number.NaN), LUX)).toThrow(RangeError);
    expect(() => page.restaurantClock(new Date(Number.NaN), LUX)).toThrow(RangeError);
  });
});

describe("what the shop and the back office show, on the restaurant's clock", () => {
  it("« Ouvre à HH:MM » (the shop's notice) on the morning of each change, in the zone of the schedule", () => {
    // Sundays: open from 11:00. 09:00 in Luxembourg on 29 March 2026 is 07:00 UTC (summer time since 01:00 UTC).
    expect(nextOpeningText(at('2026-03-29T07:00:00Z'), scheduleIn(LUX))).toBe('à 11:00');
    expect(nextOpening(at('2026-03-29T07:00:00Z'), scheduleIn(LUX))?.toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(nextOpening(at('2026-10-25T07:00:00Z'), scheduleIn(LUX))?.toISOString()).toBe('2026-10-25T10:00:00.000Z');
    expect(nextOpening(at('2027-03-28T07:00:00Z'), scheduleIn(LUX))?.toISOString()).toBe('2027-03-28T09:00:00.000Z');
    expect(nextOpening(at('2027-10-31T07:00:00Z'), scheduleIn(LUX))?.toISOString()).toBe('2027-10-31T10:00:00.000Z');
    // The same schedule in New York: 08:00 there on its change day (12:00 UTC) opens at 11:00 EDT = 15:00 UTC.
    expect(nextOpeningText(at('2026-03-08T12:00:00Z'), scheduleIn(NY))).toBe('à 11:00');
    expect(nextOpening(at('2026-03-08T12:00:00Z'), scheduleIn(NY))?.toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect(nextOpening(at('2026-11-01T12:00:00Z'), scheduleIn(NY))?.toISOString()).toBe('2026-11-01T16:00:00.000Z');
    // 11:00 in Luxembourg (10:00 UTC on 25 October 2026) is 06:00 in New York: not open there yet.
    expect(nextOpeningText(at('2026-10-25T10:00:00Z'), scheduleIn(LUX))).toBeNull();
    expect(nextOpeningText(at('2026-10-25T10:00:00Z'), scheduleIn(NY))).toBe('à 11:00');
    // 16:00 in New York on Saturday 6 November 2027 (20:00 UTC): the dinner service at 18:00 there.
    expect(nextOpeningText(at('2027-11-06T20:00:00Z'), scheduleIn(NY))).toBe('à 18:00');
  });

  it("lists today's pre-order slots from the preparation time on, in the zone's clock, on change days", () => {
    // 11:00 in Luxembourg on 28 March 2027 (09:00 UTC): the first slot is 11:30 (30 minutes of preparation).
    setRestaurantTimeZone(LUX);
    const lux = preorderSlotsFor('2027-03-28', at('2027-03-28T09:00:00Z'), scheduleIn(LUX));
    expect(lux[0]).toBe('11:30');
    expect(lux.at(-1)).toBe('21:30');
    expect(todayPreorderFrom(at('2027-03-28T09:00:00Z'))).toBe('11:30');
    // 11:00 in New York on 14 March 2027 (15:00 UTC).
    setRestaurantTimeZone(NY);
    const ny = preorderSlotsFor('2027-03-14', at('2027-03-14T15:00:00Z'), scheduleIn(NY));
    expect(ny[0]).toBe('11:30');
    expect(todayPreorderFrom(at('2027-03-14T15:00:00Z'))).toBe('11:30');
    // 23:30 on Saturday 31 October 2026 in New York is already Sunday in Luxembourg: today is still Saturday there.
    expect(firstPreorderDate(at('2026-11-01T03:30:00Z'), scheduleIn(NY))).toBe('2026-11-01');
    expect(restaurantDate(at('2026-11-01T03:30:00Z'))).toBe('2026-10-31');
  });

  it('prints ticket times on the clock of the zone the ticket carries', () => {
    const order = {
      ready_at: '2027-10-31T10:45:00Z',
      delivery_method: 'pickup' as const,
      is_preorder: false,
      preorder_date: null,
      preorder_time: null,
    };
    expect(readyLine(order, TICKET_FR.order, LUX)).toBe('Prête à 11:45');
    expect(readyLine({ ...order, ready_at: '2027-10-30T09:45:00Z' }, TICKET_FR.order, LUX)).toBe('Prête à 11:45');
    expect(readyLine({ ...order, ready_at: '2027-11-07T16:45:00Z' }, TICKET_FR.order, NY)).toBe('Prête à 11:45');
    expect(readyLine({ ...order, ready_at: '2027-11-06T15:45:00Z' }, TICKET_FR.order, NY)).toBe('Prête à 11:45');
    expect(formatDateTimeFr('2026-03-29T09:05:00Z', LUX)).toBe('29/03/2026 11:05');
    expect(formatDateTimeFr('2026-03-08T15:05:00Z', NY)).toBe('08/03/2026 11:05');
    expect(formatDateTimeFr('2026-03-08T15:05:00Z')).toBe('08/03/2026 16:05');
  });
});

describe('calendar dates', () => {
  it('parses dates and clock times strictly', () => {
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2028-02-29')).toEqual({ y: 2028, m: 2, d: 29 });
    expect(parseIsoDate('26-1-1')).toBeNull();
    expect(parseClockTime('21:30')).toBe(1290);
    expect(parseClockTime('21:30:00')).toBe(1290);
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime('9:30')).toBeNull();
  });

  it('does calendar arithmetic on dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(weekdayOf('2026-11-24')).toBe(2);
  });
});
