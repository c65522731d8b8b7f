import { useState, type ReactNode } from 'react';
import { PRINTER_WIDTHS, type PrinterSettings } from '../../../shared/ipc.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { useToastedTask } from '../../components/ui/use-toasted-task.js';
import { Select } from '../../components/ui/select.js';
import { ToggleRow } from '../../components/ui/toggle.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import { useSetKioskSettings } from '../../lib/kiosk/kiosk-settings.js';
import { kioskTestPrint, saveKioskPrinterSettings, setKioskAutoLaunch } from '../../lib/kiosk/kiosk.js';

const SWITCHES: {
  key: 'kitchenTicket' | 'cashDrawer' | 'autoPrint' | 'preorderAcknowledgement';
  label: MessageKey;
  help: MessageKey;
}[] = [
  { key: 'kitchenTicket', label: 'printer.kitchenTicket', help: 'printer.kitchenTicketHelp' },
  { key: 'cashDrawer', label: 'printer.cashDrawer', help: 'printer.cashDrawerHelp' },
  { key: 'autoPrint', label: 'printer.autoPrint', help: 'printer.autoPrintHelp' },
  {
    key: 'preorderAcknowledgement',
    label: 'printer.preorderAcknowledgement',
    help: 'printer.preorderAcknowledgementHelp',
  },
];
const field = 'min-h-12 w-full rounded-lg border-2 border-slate-400 bg-white px-3 text-lg';
const COPIES_INPUT = { type: 'number', inputMode: 'numeric', min: 1, max: 5, className: field } as const;
const LEAD_INPUT = { type: 'number', inputMode: 'numeric', min: 0, max: 240, className: field } as const;

/** A setting's name above its input (or select) and any help under it. */
function FieldBlock({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-bold">
        {label}
      </label>
      {children}
    </div>
  );
}

export function PrinterForm({
  initial,
  initialAutoLaunch,
  version,
}: {
  initial: PrinterSettings;
  initialAutoLaunch: boolean;
  version: string;
}) {
  const t = useT();
  const setKioskSettings = useSetKioskSettings();
  const [s, setS] = useState(initial);
  const [autoLaunch, setAutoLaunch] = useState(initialAutoLaunch);
  const [saved, setSaved] = useState({ printer: initial, autoLaunch: initialAutoLaunch });
  const [refused, setRefused] = useState<string | null>(null);
  const { busy, run } = useToastedTask<'save' | 'test'>();
  const set = <K extends keyof PrinterSettings>(key: K, value: PrinterSettings[K]) =>
    setS((prev) => ({ ...prev, [key]: value }));
  const copies = Number.isFinite(s.copies) ? s.copies : '';
  const lead = Number.isFinite(s.preorderLeadMinutes) ? s.preorderLeadMinutes : '';
  const dirty = JSON.stringify(s) !== JSON.stringify(saved.printer) || autoLaunch !== saved.autoLaunch;

  function save() {
    setRefused(null);
    return run(
      'save',
      async () => {
        const printer = await saveKioskPrinterSettings(s);
        const launch = autoLaunch === saved.autoLaunch ? autoLaunch : await setKioskAutoLaunch(autoLaunch);
        setS(printer);
        setAutoLaunch(launch);
        setSaved({ printer, autoLaunch: launch });
        setKioskSettings({ printer, autoLaunch: launch, version });
      },
      { done: t('printer.saved'), failed: t('printer.saveFailed') },
      (e) => setRefused(e.message),
    );
  }

  const testPrint = () => run('test', kioskTestPrint, { done: t('printer.testOk'), failed: t('printer.testFailed') });

  return (
    <Card className="space-y-5">
      <h2 className="text-xl font-bold">{t('printer.settingsTitle')}</h2>
      <fieldset>
        <legend className="mb-1 font-bold">{t('printer.type')}</legend>
        <div className="flex gap-2">
          {(['epson', 'star'] as const).map((type) => (
            <label
              key={type}
              className={`inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border-2 px-4 font-bold ${s.type === type ? 'border-brand-700 bg-brand-50' : 'border-slate-400'}`}
            >
              <input type="radio" name="printer-type" checked={s.type === type} onChange={() => set('type', type)} />
              {type.toUpperCase()}
            </label>
          ))}
        </div>
      </fieldset>
      <FieldBlock id="printer-interface" label={t('printer.interface')}>
        <input
          id="printer-interface"
          className={`${field} font-mono`}
          value={s.interface}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => set('interface', e.target.value)}
          aria-describedby="printer-interface-help"
        />
        <p id="printer-interface-help" className="mt-1 text-slate-700">
          {t('printer.interfaceHelp')}
        </p>
      </FieldBlock>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldBlock id="printer-width" label={t('printer.width')}>
          <Select
            id="printer-width"
            className={field}
            value={s.width}
            onChange={(e) => set('width', Number(e.target.value) as PrinterSettings['width'])}
            choices={PRINTER_WIDTHS.map((w) => ({ value: w, label: t('printer.widthOption', { n: w }) }))}
          />
        </FieldBlock>
        <FieldBlock id="printer-copies" label={t('printer.copies')}>
          <input
            id="printer-copies"
            {...COPIES_INPUT}
            value={copies}
            onChange={(e) => set('copies', e.target.valueAsNumber)}
          />
        </FieldBlock>
        <FieldBlock id="printer-preorder-lead" label={t('printer.preorderLead')}>
          <input
            id="printer-preorder-lead"
            {...LEAD_INPUT}
            value={lead}
            onChange={(e) => set('preorderLeadMinutes', e.target.valueAsNumber)}
          />
        </FieldBlock>
      </div>
      {SWITCHES.map((sw) => (
        <ToggleRow
          key={sw.key}
          label={t(sw.label)}
          help={t(sw.help)}
          checked={s[sw.key]}
          onChange={(v) => set(sw.key, v)}
        />
      ))}
      <ToggleRow
        label={t('printer.autoLaunch')}
        help={t('printer.autoLaunchHelp')}
        checked={autoLaunch}
        onChange={setAutoLaunch}
      />
      {refused && (
        <p
          role="alert"
          data-testid="printer-refused"
          className="rounded-lg border-2 border-red-700 bg-red-50 p-3 text-lg font-semibold text-red-900"
        >
          {refused}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={save} disabled={busy !== null}>
          {busy === 'save' ? t('common.saving') : t('common.save')}
        </Button>
        <Button variant="secondary" onClick={testPrint} disabled={busy !== null}>
          {t('printer.testPrint')}
        </Button>
      </div>
      {dirty && <p className="text-slate-700">{t('printer.testUsesSaved')}</p>}
      <p className="text-slate-700" data-testid="kiosk-version">
        {t('printer.version', { version })}
      </p>
    </Card>
  );
}
