import { useMemo } from 'react';
import { Button } from '../../components/ui/button.js';
import { ErrorPanel } from '../../components/ui/card.js';
import { Icon } from '../../components/ui/icon.js';
import { QueryState } from '../../components/ui/query-state.js';
import { useT } from '../../i18n/index.js';
import { useTakingsReportQuery } from '../../lib/data.js';
import { usePrintWhenShown } from '../../lib/use-print-when-shown.js';
import { periodProblem, useReportPeriod } from './report-period.js';
import { SummaryPreview } from './summary-preview.js';

/** The day summary as the browser prints it (80 mm, 42 columns), printed 500 ms after it shows. */
export function PrintReportPage() {
  const t = useT();
  const [period] = useReportPeriod();
  const problem = periodProblem(period);
  const report = useTakingsReportQuery(period.from, period.to, problem === null);
  const printedAt = useMemo(() => new Date(), []);
  usePrintWhenShown(report.data);

  return (
    <div className="min-h-full bg-slate-200 p-4 print:bg-white">
      <div className="no-print mx-auto mb-3 flex max-w-[80mm] gap-2">
        <Button className="flex-1" disabled={!report.data} onClick={() => window.print()}>
          <Icon name="printer" /> {t('print.print')}
        </Button>
        <Button className="flex-1" variant="secondary" onClick={() => window.close()}>
          {t('print.close')}
        </Button>
      </div>
      {problem ? (
        <ErrorPanel message={t(problem)} />
      ) : (
        <QueryState query={report} error={t('reports.loadFailed')}>
          {(data) => <SummaryPreview report={data} columns={42} printedAt={printedAt} />}
        </QueryState>
      )}
    </div>
  );
}
