import { useState, type ReactNode } from 'react';
import {
  addDays,
  formatCents,
  formatDateFr,
  takingsCsv,
  takingsCsvFileName,
  vatTotals,
  type TakingsReport,
} from '../../../shared/domain/index.js';
import { Button, buttonClass } from '../../components/ui/button.js';
import { Card, ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { Icon } from '../../components/ui/icon.js';
import { useToastedTask } from '../../components/ui/use-toasted-task.js';
import { toast } from '../../components/ui/toast-store.js';
import { useLanguage, useT, type MessageKey } from '../../i18n/index.js';
import { TAKINGS_CSV_FR } from '../../i18n/takings-csv.js';
import { QueryState } from '../../components/ui/query-state.js';
import { useTakingsReportQuery } from '../../lib/data.js';
import { canPrintSummaryOnKiosk, kioskPrintDaySummary, printReportPageUrl } from '../../lib/kiosk/kiosk.js';
import { HourlyChart } from './hourly-chart.js';
import {
  monthOf,
  periodProblem,
  todayInLuxembourg,
  useReportPeriod,
  weekOf,
  type ReportPeriod,
} from './report-period.js';

const inputClass = 'min-h-12 rounded-lg border-2 border-slate-400 bg-white px-3 text-base';

function DateInput({ label, value, onChange }: { label: string; value: string; onChange(day: string): void }) {
  return (
    <label className="flex flex-col text-sm font-semibold">
      {label}
      <input type="date" className={inputClass} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

function PeriodPicker({ period, onChange }: { period: ReportPeriod; onChange(p: ReportPeriod): void }) {
  const t = useT();
  const [mode, setMode] = useState<'day' | 'period'>(period.from === period.to ? 'day' : 'period');
  const today = todayInLuxembourg();
  const tab = (id: 'day' | 'period', label: MessageKey) => (
    <button
      role="tab"
      type="button"
      aria-selected={mode === id}
      onClick={() => {
        setMode(id);
        if (id === 'day') onChange({ from: period.from, to: period.from });
      }}
      className={`min-h-12 px-4 font-semibold ${mode === id ? 'bg-brand-600 text-white' : 'bg-white'}`}
    >
      {t(label)}
    </button>
  );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div role="tablist" className="inline-flex overflow-hidden rounded-lg border-2 border-slate-400">
        {tab('day', 'reports.day')}
        {tab('period', 'reports.period')}
      </div>
      {mode === 'day' ? (
        <>
          <Button
            variant="secondary"
            aria-label={t('reports.previousDay')}
            onClick={() => onChange({ from: addDays(period.from, -1), to: addDays(period.from, -1) })}
          >
            <Icon name="back" />
          </Button>
          <DateInput
            label={t('reports.date')}
            value={period.from}
            onChange={(day) => day && onChange({ from: day, to: day })}
          />
          <Button
            variant="secondary"
            aria-label={t('reports.nextDay')}
            onClick={() => onChange({ from: addDays(period.from, 1), to: addDays(period.from, 1) })}
          >
            <span className="inline-block rotate-180">
              <Icon name="back" />
            </span>
          </Button>
          <Button variant="secondary" onClick={() => onChange({ from: today, to: today })}>
            {t('reports.today')}
          </Button>
        </>
      ) : (
        <>
          <DateInput label={t('reports.from')} value={period.from} onChange={(from) => onChange({ ...period, from })} />
          <DateInput label={t('reports.to')} value={period.to} onChange={(to) => onChange({ ...period, to })} />
          <Button variant="secondary" onClick={() => onChange(weekOf(today))}>
            {t('reports.thisWeek')}
          </Button>
          <Button variant="secondary" onClick={() => onChange(monthOf(today))}>
            {t('reports.thisMonth')}
          </Button>
        </>
      )}
    </div>
  );
}

function Figure({
  label,
  value,
  testId,
  tone = 'plain',
}: {
  label: string;
  value: string;
  testId: string;
  tone?: 'plain' | 'main' | 'muted';
}) {
  return (
    <div
      className={`rounded-xl border-2 p-4 ${tone === 'main' ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'}`}
    >
      <p className="text-sm font-semibold text-slate-700">{label}</p>
      <p
        data-testid={testId}
        className={`mt-1 font-extrabold tabular-nums ${tone === 'main' ? 'text-2xl sm:text-3xl' : 'text-xl sm:text-2xl'} ${tone === 'muted' ? 'text-slate-600' : ''}`}
      >
        {value}
      </p>
    </div>
  );
}

/** A row's cells: the first is the row's name, the others are figures, right-aligned. */
function Cells({ cells }: { cells: ReactNode[] }) {
  return cells.map((c, j) => (
    <td key={j} className={`py-2 pr-3 ${j > 0 ? 'whitespace-nowrap text-right tabular-nums' : ''}`}>
      {c}
    </td>
  ));
}

function Table({
  head,
  rows,
  foot,
  testId,
}: {
  head: string[];
  rows: ReactNode[][];
  foot?: ReactNode[];
  testId: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table data-testid={testId} className="w-full text-left text-sm sm:text-base">
        <thead>
          <tr className="border-b-2 border-slate-300">
            {head.map((h, i) => (
              <th key={i} className={`py-2 pr-3 font-semibold ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-b border-slate-200">
              <Cells cells={r} />
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr className="font-bold">
              <Cells cells={foot} />
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

type OrderSum = { orders: number; total_cents: number };
const PAYMENT_NAMES = { cash: 'reports.cash', card: 'reports.card' } as const;
const METHOD_NAMES = { delivery: 'reports.delivery', pickup: 'reports.pickup' } as const;

/** How many orders and their amount, a line each (a payment, a method, a day). */
function OrdersTable({
  testId,
  lines,
}: {
  testId: string;
  lines: [string, { orders: number; total_cents: number }][];
}) {
  const t = useT();
  return (
    <Table
      testId={testId}
      head={['', t('reports.orders'), t('reports.amount')]}
      rows={lines.map(([name, sum]) => [name, sum.orders, formatCents(sum.total_cents)])}
    />
  );
}

/** 'domingo, 29 de março de 2026' / 'dimanche 29 mars 2026'; a period 'De 24/10/2026 a 26/10/2026'. */
function usePeriodLabel(period: ReportPeriod): string {
  const language = useLanguage((s) => s.language);
  const t = useT();
  const format = (day: string, style: 'full' | 'medium') => {
    const noon = new Date(`${day}T12:00:00Z`);
    return Number.isNaN(noon.getTime())
      ? day
      : new Intl.DateTimeFormat(language === 'pt' ? 'pt-PT' : 'fr-LU', { dateStyle: style, timeZone: 'UTC' }).format(
          noon,
        );
  };
  if (period.from === period.to) {
    const text = format(period.from, 'full');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return t('reports.periodLabel', { from: format(period.from, 'medium'), to: format(period.to, 'medium') });
}

function downloadCsv(report: TakingsReport): void {
  const blob = new Blob([takingsCsv(report, TAKINGS_CSV_FR)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = takingsCsvFileName(report, TAKINGS_CSV_FR);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ReportView({ report }: { report: TakingsReport }) {
  const t = useT();
  const tk = report.takings;
  const vat = vatTotals(report);
  const money = formatCents;
  const named = <K extends string>(sums: Record<K, OrderSum>, names: Record<K, MessageKey>): [string, OrderSum][] =>
    (Object.keys(names) as K[]).map((k) => [t(names[k]), sums[k]]);
  return (
    <div className="grid gap-5">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure tone="main" label={t('reports.revenue')} value={money(tk.total_cents)} testId="figure-revenue" />
        <Figure label={t('reports.delivered')} value={String(tk.orders)} testId="figure-delivered" />
        <Figure label={t('reports.average')} value={money(tk.average_cents)} testId="figure-average" />
        <Figure
          tone="muted"
          label={t('reports.cancelled')}
          value={`${report.cancelled.orders} · ${money(report.cancelled.total_cents)}`}
          testId="figure-cancelled"
        />
      </div>
      <p className="text-slate-700">
        {t('reports.allOrders', { n: report.orders })} · {t('reports.open')}:{' '}
        <span data-testid="figure-open">
          {report.open.orders} · {money(report.open.total_cents)}
        </span>
      </p>
      {report.open.orders > 0 && (
        <p role="status" className="rounded-xl border-2 border-amber-600 bg-amber-50 p-3 font-semibold text-amber-900">
          {t('reports.openWarning', { n: report.open.orders })}
        </p>
      )}

      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <h2 className="mb-2 text-xl font-bold">{t('reports.byPayment')}</h2>
          <OrdersTable testId="table-payment" lines={named(report.by_payment, PAYMENT_NAMES)} />
          <h2 className="mb-2 mt-5 text-xl font-bold">{t('reports.byMethod')}</h2>
          <OrdersTable testId="table-method" lines={named(report.by_method, METHOD_NAMES)} />
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-base">
            <dt>{t('reports.goods')}</dt>
            <dd className="text-right tabular-nums">{money(tk.goods_cents)}</dd>
            <dt>{t('reports.deliveryFees')}</dt>
            <dd data-testid="figure-fees" className="text-right tabular-nums">
              {money(tk.delivery_fee_cents)}
            </dd>
            <dt>{t('reports.discounts')}</dt>
            <dd data-testid="figure-discounts" className="text-right tabular-nums">
              {tk.discount_cents > 0 ? `-${money(tk.discount_cents)}` : money(0)}
            </dd>
          </dl>
        </Card>
        <Card>
          <h2 className="mb-2 text-xl font-bold">{t('reports.vat')}</h2>
          <Table
            testId="table-vat"
            head={[t('reports.vatRate'), t('reports.vatBase'), t('reports.vatAmount'), t('reports.vatTotal')]}
            rows={report.vat.map((v) => [`${v.rate} %`, money(v.base_cents), money(v.vat_cents), money(v.total_cents)])}
            foot={[t('reports.total'), money(vat.base_cents), money(vat.vat_cents), money(vat.total_cents)]}
          />
          <p className="mt-3 text-sm text-slate-600">{t('reports.vatNote')}</p>
        </Card>
      </div>

      <Card>
        <h2 className="mb-2 text-xl font-bold">{t('reports.hourly')}</h2>
        <HourlyChart hours={report.hours} />
      </Card>

      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <h2 className="mb-2 text-xl font-bold">{t('reports.topDishes')}</h2>
          {report.top_dishes.length === 0 ? (
            <p>{t('reports.none')}</p>
          ) : (
            <Table
              testId="table-dishes"
              head={[t('reports.dish'), t('reports.quantity'), t('reports.amount')]}
              rows={report.top_dishes.map((d) => [d.name ?? d.item_id ?? '', d.quantity, money(d.total_cents)])}
            />
          )}
        </Card>
        {report.days.length > 1 && (
          <Card>
            <h2 className="mb-2 text-xl font-bold">{t('reports.days')}</h2>
            <OrdersTable testId="table-days" lines={report.days.map((d) => [formatDateFr(d.date), d])} />
          </Card>
        )}
      </div>
    </div>
  );
}

export function ReportsPage() {
  const t = useT();
  const [period, setPeriod] = useReportPeriod();
  const problem = periodProblem(period);
  const report = useTakingsReportQuery(period.from, period.to, problem === null);
  const label = usePeriodLabel(period);
  const { busy, run } = useToastedTask<'summary'>();

  const printSummary = async (data: TakingsReport) => {
    if (!canPrintSummaryOnKiosk()) {
      window.open(printReportPageUrl(data.from, data.to), '_blank', 'noopener');
      return;
    }
    await run('summary', () => kioskPrintDaySummary(data), {
      done: t('reports.printed'),
      failed: t('reports.printFailed'),
    });
  };

  return (
    <div>
      <PageHeader title={t('reports.title')}>
        <PeriodPicker period={period} onChange={setPeriod} />
      </PageHeader>
      <p className="mb-4 text-slate-700">
        <strong data-testid="report-period">{label}</strong> · {t('reports.timeZoneNote')}
      </p>
      {problem ? (
        <ErrorPanel message={t(problem)} />
      ) : (
        <QueryState query={report} error={t('reports.loadFailed')}>
          {(data) => (
            <>
              <div className="mb-5 flex flex-wrap gap-2">
                <Button
                  onClick={() => {
                    downloadCsv(data);
                    toast.success(t('reports.csvDone'));
                  }}
                >
                  <Icon name="receipt" /> {t('reports.exportCsv')}
                </Button>
                <Button variant="secondary" disabled={busy !== null} onClick={() => void printSummary(data)}>
                  <Icon name="printer" /> {t('reports.printSummary')}
                </Button>
                <a
                  className={buttonClass('ghost')}
                  href={printReportPageUrl(period.from, period.to)}
                  target="_blank"
                  rel="noopener"
                >
                  {t('reports.printPage')}
                </a>
              </div>
              <ReportView report={data} />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
