// Pure formatting for e-mails. Deployed functions cannot import src/shared/domain, so these mirror
// money.ts and french-dates.ts there; tests/unit/functions-shared.test.ts keeps both in agreement.

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

function toCents(euros: number): number {
  if (!Number.isFinite(euros)) throw new RangeError(`Not an amount of euros: ${euros}`);
  const sign = euros < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(euros) * 100 + 1e-6);
}

/** "12,50 €". */
export function formatEuro(euros: number): string {
  const cents = toCents(euros);
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
  return `${cents < 0 ? '-' : ''}${text} €`;
}

export function multiplyEuros(euros: number, quantity: number): number {
  return (toCents(euros) * quantity) / 100;
}

/** Payload money may arrive as a number or a numeric string; anything else counts as 0. */
export function euros(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function parseIsoDate(date: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return { y, m: mo, d };
}

/** '2026-11-23' → '23/11/2026'; anything else unchanged. */
export function formatDateFr(date: string): string {
  const d = parseIsoDate(date);
  return d ? `${pad(d.d)}/${pad(d.m)}/${d.y}` : date;
}

/** '2026-11-23' → 'lundi 23 novembre 2026'. */
export function formatLongDateFr(date: string): string {
  const d = parseIsoDate(date);
  if (!d) return date;
  const weekday = new Date(Date.UTC(d.y, d.m - 1, d.d)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${d.d === 1 ? '1er' : d.d} ${MONTHS[d.m - 1]} ${d.y}`;
}

/** '12:15:00' → '12:15'. */
export function formatTimeFr(time: string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d+)?)?$/.exec(time);
  return m ? `${m[1]}:${m[2]}` : time;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * An instant as the restaurant's clock showed it: '23/11/2026 12:05'. The zone is the restaurant's
 * (RestaurantIdentity.timeZone, from its opening hours), Europe/Luxembourg by default.
 */
export function formatDateTimeFr(instant: Date | string, timeZone = 'Europe/Luxembourg'): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return String(instant);
  const f: Record<string, string> = {};
  for (const p of formatterOf(timeZone).formatToParts(at)) if (p.type !== 'literal') f[p.type] = p.value;
  return `${f.day}/${f.month}/${f.year} ${pad(Number(f.hour) % 24)}:${f.minute}`;
}
