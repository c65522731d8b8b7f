import { describe, expect, it } from 'vitest';
import {
  archivePeriod,
  countOrdersByPeriod,
  startOfMonth,
  startOfToday,
  startOfWeek,
  statsQueryStart,
} from '../../../src/shared/domain/stats-periods.js';

describe('stats periods (Luxembourg calendar, as UTC instants)', () => {
  const wednesday = new Date('2026-11-25T15:00:00Z'); // 16:00 local, UTC+1

  it('start today at local midnight', () => {
    expect(startOfToday(wednesday).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    // 23:30 UTC on the 25th is already the 26th in Luxembourg.
    expect(startOfToday(new Date('2026-11-25T23:30:00Z')).toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(startOfToday(new Date('2026-07-15T12:00:00Z')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('start the week on Monday, also from a Sunday', () => {
    expect(startOfWeek(wednesday).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(startOfWeek(new Date('2026-11-29T20:00:00Z')).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(startOfWeek(new Date('2026-11-23T00:30:00Z')).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('start the month on the 1st, across a DST change', () => {
    expect(startOfMonth(wednesday).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    // 1 November starts in winter time although October ended in summer time.
    expect(startOfMonth(new Date('2026-10-28T12:00:00Z')).toISOString()).toBe('2026-09-30T22:00:00.000Z');
  });

  it('query from the earlier of week and month starts', () => {
    expect(statsQueryStart(new Date('2026-12-02T12:00:00Z')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(statsQueryStart(wednesday).toISOString()).toBe('2026-10-31T23:00:00.000Z');
  });

  it('count orders per period', () => {
    const now = new Date('2026-12-02T12:00:00Z'); // Wednesday
    const counts = countOrdersByPeriod(
      [
        '2026-12-02T09:00:00Z',
        '2026-12-01T22:59:00Z',
        '2026-11-30T10:00:00Z',
        '2026-12-01T10:00:00Z',
        '2026-11-28T10:00:00Z',
        'garbage',
      ],
      now,
    );
    expect(counts).toEqual({ today: 1, week: 4, month: 3 });
    // An order stamped by a server clock a few seconds ahead still counts.
    expect(countOrdersByPeriod(['2026-12-02T12:00:05Z'], now)).toEqual({ today: 1, week: 1, month: 1 });
  });

  it('give the archive periods as [start, end)', () => {
    const now = new Date('2026-01-14T12:00:00Z');
    const iso = (p: { start: Date; end: Date }) => [p.start.toISOString(), p.end.toISOString()];
    expect(iso(archivePeriod('this_week', now))).toEqual(['2026-01-11T23:00:00.000Z', '2026-01-18T23:00:00.000Z']);
    expect(iso(archivePeriod('this_month', now))).toEqual(['2025-12-31T23:00:00.000Z', '2026-01-31T23:00:00.000Z']);
    expect(iso(archivePeriod('last_month', now))).toEqual(['2025-11-30T23:00:00.000Z', '2025-12-31T23:00:00.000Z']);
    expect(iso(archivePeriod('this_month', new Date('2026-12-10T12:00:00Z')))).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
    ]);
  });
});
