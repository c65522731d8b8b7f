import { useSearchParams } from 'react-router-dom';
import { addDays, checkReportPeriod, restaurantDate, parseIsoDate, weekdayOf } from '../../../shared/domain/index.js';
import type { MessageKey } from '../../i18n/index.js';

export interface ReportPeriod {
  from: string;
  to: string;
}

/** Today on the restaurant's clock, whatever the computer's time zone. */
export function todayInLuxembourg(now: Date = new Date()): string {
  return restaurantDate(now);
}

export function weekOf(day: string): ReportPeriod {
  const back = (weekdayOf(day) + 6) % 7; // Monday first
  return { from: addDays(day, -back), to: addDays(day, 6 - back) };
}

export function monthOf(day: string): ReportPeriod {
  const d = parseIsoDate(day)!;
  const first = `${d.y}-${String(d.m).padStart(2, '0')}-01`;
  const next = d.m === 12 ? `${d.y + 1}-01-01` : `${d.y}-${String(d.m + 1).padStart(2, '0')}-01`;
  return { from: first, to: addDays(next, -1) };
}

/** The period is in the address (?from=&to=), so a reload, a link or the print page shows the same figures. */
export function useReportPeriod(): [ReportPeriod, (p: ReportPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const today = todayInLuxembourg();
  const from = params.get('from') ?? today;
  const to = params.get('to') ?? from;
  return [{ from, to }, (p) => setParams({ from: p.from, to: p.to }, { replace: true })];
}

export function periodProblem(p: ReportPeriod): MessageKey | null {
  const check = checkReportPeriod(p.from, p.to);
  if (check === 'ok') return null;
  return check === 'reversed' ? 'reports.reversed' : check === 'too_long' ? 'reports.tooLong' : 'reports.invalidPeriod';
}
