// The pure parts of bench/shop.bench.ts: its command line, the median and the plain-text table it prints.

/** The three measurements the shop bench takes; `--only` picks some of them. */
export const BENCH_PARTS = ['first', 'repeat', 'checkout'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

export interface ShopBenchOptions {
  routes: string[];
  runs: number;
  parts: BenchPart[];
  /** A folder for each Lighthouse run's full report (JSON), to read what the table sums up. */
  reports?: string;
}

export const SHOP_BENCH_USAGE = `Usage: npm run bench:shop -- [--routes R1,R2…] [--runs N] [--only first,repeat,checkout] [--reports DIR]
  --routes   the public routes to measure (default: all five of issue 13)
  --runs     Lighthouse runs and orders per figure, its median is printed (default: SHOP_BENCH_RUNS or 5)
  --only     first: first visit; repeat: repeat visit with the service worker; checkout: « Commander » to
             the confirmation (default: all three)
  --reports  a folder to write each Lighthouse run's full report to (JSON: long tasks, requests, trace
             figures), e.g. to see what makes the total blocking time
Quick check on one screen: npm run bench:shop -- --runs 1 --routes /menu`;

const positiveInt = (text: string, what: string): number => {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`${what} must be a whole number ≥ 1, not "${text}"`);
  return Number(text);
};

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Reads `--routes a,b` (or `--routes=a,b`, or several `--route a`), `--runs N`, `--only parts` and
 * `--reports dir`. Every route
 * must be one of `known`; the defaults are all of them, SHOP_BENCH_RUNS (else 5) runs, and every part.
 */
export function parseShopBenchArgs(argv: string[], known: readonly string[], envRuns?: string): ShopBenchOptions {
  const routes: string[] = [];
  let runs = envRuns === undefined || envRuns === '' ? 5 : positiveInt(envRuns, 'SHOP_BENCH_RUNS');
  let parts: BenchPart[] = [...BENCH_PARTS];
  let reports: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i]];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--routes':
      case '--route':
        routes.push(...list(value()));
        break;
      case '--runs':
        runs = positiveInt(value(), '--runs');
        break;
      case '--only': {
        const chosen = list(value());
        const unknown = chosen.filter((p) => !(BENCH_PARTS as readonly string[]).includes(p));
        if (unknown.length || chosen.length === 0)
          throw new Error(`--only takes ${BENCH_PARTS.join(', ')}; not ${unknown.join(', ') || 'nothing'}`);
        parts = BENCH_PARTS.filter((p) => chosen.includes(p));
        break;
      }
      case '--reports':
        reports = value();
        break;
      default:
        throw new Error(`Unknown argument "${argv[i]}"`);
    }
  }
  const unknownRoutes = routes.filter((r) => !known.includes(r));
  if (unknownRoutes.length)
    throw new Error(`Unknown route(s) ${unknownRoutes.join(', ')}: the bench measures ${known.join(', ')}`);
  return {
    routes: routes.length ? known.filter((r) => routes.includes(r)) : [...known],
    runs,
    parts,
    ...(reports ? { reports } : {}),
  };
}

/** The median of the finite values (NaN when there is none). */
export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A plain table: the first column left-aligned, the others right-aligned, a rule under the header; a
 * number that is not finite prints as "–".
 */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const text = (v: string | number) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '–') : v);
  const cells = [header, ...rows.map((r) => r.map(text))];
  for (const r of cells)
    if (r.length !== header.length) throw new Error(`A row has ${r.length} cells for ${header.length} columns`);
  const widths = header.map((_, c) => Math.max(...cells.map((r) => r[c].length)));
  const line = (r: string[]) =>
    r
      .map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
