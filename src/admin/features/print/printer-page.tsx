import { Link } from 'react-router-dom';
import { Card, ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { useT } from '../../i18n/index.js';
import { isKiosk } from '../../lib/kiosk/kiosk.js';
import { useKioskSettingsQuery } from '../../lib/kiosk/kiosk-settings.js';
import { PrinterForm } from './printer-form.js';
import { PrinterJobs } from './printer-jobs.js';

export function PrinterPage() {
  const t = useT();
  if (!isKiosk()) return <BrowserExplanation />;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader title={t('printer.title')} />
      <PrinterJobs />
      <KioskPrinterSettings />
    </div>
  );
}

function KioskPrinterSettings() {
  const t = useT();
  const settings = useKioskSettingsQuery();
  if (settings.isPending) return <Spinner label={t('common.loading')} />;
  if (settings.isError) return <ErrorPanel message={t('printer.loadFailed', { message: settings.error.message })} />;
  return (
    <PrinterForm
      initial={settings.data.printer}
      initialAutoLaunch={settings.data.autoLaunch}
      version={settings.data.version}
    />
  );
}

function BrowserExplanation() {
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="printer-browser">
      <PageHeader title={t('printer.title')} />
      <Card className="space-y-3 text-lg">
        <p>{t('printer.browserIntro')}</p>
        <p>{t('printer.browserInstall')}</p>
        <Link to="/dashboard" className="font-semibold text-brand-700 underline">
          {t('common.backToDashboard')}
        </Link>
      </Card>
    </div>
  );
}
