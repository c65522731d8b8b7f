import { describe, expect, it } from 'vitest';
import {
  addDays,
  luxembourgClock,
  luxembourgInstant,
  luxembourgOffsetMs,
  parseClockTime,
  parseIsoDate,
  weekdayOf,
} from '../../../src/shared/domain/luxembourg-time.js';

describe('Luxembourg time', () => {
  it('reads the wall clock in winter (UTC+1) and summer (UTC+2)', () => {
    expect(luxembourgClock(new Date('2026-01-15T10:30:00Z'))).toEqual({
      date: '2026-01-15',
      time: '11:30',
      weekday: 4,
      minutes: 690,
    });
    expect(luxembourgClock(new Date('2026-07-15T10:30:00Z'))).toMatchObject({ date: '2026-07-15', time: '12:30' });
    expect(luxembourgClock(new Date('2026-07-15T22:30:00Z'))).toMatchObject({
      date: '2026-07-16',
      time: '00:30',
      weekday: 4,
    });
  });

  it('follows the DST changes of 29 March and 25 October 2026', () => {
    expect(luxembourgOffsetMs(new Date('2026-03-29T00:59:59Z'))).toBe(3_600_000);
    expect(luxembourgOffsetMs(new Date('2026-03-29T01:00:00Z'))).toBe(7_200_000);
    expect(luxembourgOffsetMs(new Date('2026-10-25T00:59:59Z'))).toBe(7_200_000);
    expect(luxembourgOffsetMs(new Date('2026-10-25T01:00:00Z'))).toBe(3_600_000);
  });

  it("agrees with the platform's tz database (Intl) every hour from 2000 to 2045 and every minute around each change", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Luxembourg',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const fromIntl = (instant: Date) => {
      const f: Record<string, string> = {};
      for (const p of intl.formatToParts(instant)) f[p.type] = p.value;
      return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}`;
    };
    const ours = (instant: Date) => {
      const c = luxembourgClock(instant);
      return `${c.date} ${c.time}`;
    };
    const instants: number[] = [];
    for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2046, 0, 1); t += 3_600_000) instants.push(t);
    for (let year = 2000; year < 2046; year++) {
      for (const month of [2, 9]) {
        // Around 01:00 UTC on each of the month's last seven days: the change falls on one of them.
        for (let day = 22; day <= 31; day++) {
          const at = Date.UTC(year, month, day, 1);
          for (let m = -2; m <= 2; m++) instants.push(at + m * 60_000);
        }
      }
    }
    const disagreements = instants
      .map((t) => new Date(t))
      .filter((instant) => ours(instant) !== fromIntl(instant))
      .slice(0, 5)
      .map((instant) => `${instant.toISOString()}: ${ours(instant)} here, ${fromIntl(instant)} in the tz database`);
    expect(disagreements).toEqual([]);
    expect(instants.length).toBeGreaterThan(400_000);
  });

  it('refuses an invalid instant', () => {
    expect(() => luxembourgClock(new Date('not a date'))).toThrow(RangeError);
    expect(() => luxembourgOffsetMs(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('turns a Luxembourg date and time into the right instant on either side of a change', () => {
    expect(luxembourgInstant('2026-03-28', '11:00').toISOString()).toBe('2026-03-28T10:00:00.000Z');
    expect(luxembourgInstant('2026-03-29', '11:00').toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(luxembourgInstant('2026-10-25', '18:00').toISOString()).toBe('2026-10-25T17:00:00.000Z');
    expect(luxembourgInstant('2026-10-24', '00:00').toISOString()).toBe('2026-10-23T22:00:00.000Z');
    expect(() => luxembourgInstant('2026-02-30', '11:00')).toThrow(RangeError);
  });

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
    expect(weekdayOf('2026-11-24')).toBe(2);
  });
});
