import { describe, expect, it } from 'vitest';
import {
  formatDateFr,
  formatDateTimeFr,
  formatLongDateFr,
  formatTimeFr,
  weekdayNameFr,
} from '../../../src/shared/domain/french-dates.js';

describe('French dates', () => {
  it('format short and long dates', () => {
    expect(formatDateFr('2026-11-23')).toBe('23/11/2026');
    expect(formatLongDateFr('2026-11-23')).toBe('lundi 23 novembre 2026');
    expect(formatLongDateFr('2026-08-01')).toBe('samedi 1er août 2026');
    expect(formatDateFr('bientôt')).toBe('bientôt');
    expect(weekdayNameFr('2026-11-24')).toBe('mardi');
  });

  it('format times and instants on the Luxembourg clock', () => {
    expect(formatTimeFr('12:15:00')).toBe('12:15');
    expect(formatDateTimeFr('2026-11-23T22:30:00Z')).toBe('23/11/2026 23:30');
    expect(formatDateTimeFr(new Date('2026-07-31T22:30:00Z'))).toBe('01/08/2026 00:30');
  });
});
