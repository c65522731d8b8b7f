import { useEffect, useState } from 'react';
import { DEFAULT_ORDER_ACCEPTANCE } from '../../../shared/domain/store-settings.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { toast } from '../../components/ui/toast-store.js';
import { LabeledInput } from '../../components/ui/labeled-input.js';
import { ToggleRow } from '../../components/ui/toggle.js';
import { useSaveStoreSettingMutation, useStoreSettingsQuery } from '../../lib/data.js';
import { useAcceptanceT } from '../../i18n/acceptance.js';
import { SettingsForm } from './settings-form.js';

/** "" → no limit; otherwise a whole number 1–500; undefined when invalid. */
export function parseCapacity(text: string): number | null | undefined {
  const v = text.trim();
  if (v === '') return null;
  if (!/^\d{1,3}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= 500 ? n : undefined;
}

export function AcceptanceSettings() {
  const t = useAcceptanceT();
  const settings = useStoreSettingsQuery();
  const current = settings.data?.order_acceptance ?? DEFAULT_ORDER_ACCEPTANCE;
  const [minutes, setMinutes] = useState(String(current.default_ready_minutes));
  const [delivery, setDelivery] = useState(current.capacity.delivery?.toString() ?? '');
  const [pickup, setPickup] = useState(current.capacity.pickup?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setMinutes(String(current.default_ready_minutes));
    setDelivery(current.capacity.delivery?.toString() ?? '');
    setPickup(current.capacity.pickup?.toString() ?? '');
  }, [current.default_ready_minutes, current.capacity.delivery, current.capacity.pickup]);

  const save = useSaveStoreSettingMutation({
    mutationConfig: { onSuccess: () => toast.success(t('saved')), onError: () => toast.error(t('saveFailed')) },
  });

  const submit = (autoAccept = current.auto_accept) => {
    const m = Number(minutes);
    if (!/^\d+$/.test(minutes.trim()) || m < 5 || m > 240) return setError(t('minutesInvalid'));
    const d = parseCapacity(delivery);
    const p = parseCapacity(pickup);
    if (d === undefined || p === undefined) return setError(t('capacityInvalid'));
    setError(null);
    save.mutate({
      key: 'order_acceptance',
      value: { default_ready_minutes: m, auto_accept: autoAccept, capacity: { delivery: d, pickup: p } },
    });
  };

  const field = 'mt-1 block min-h-12 w-32 rounded-lg border-2 border-slate-400 px-3 text-lg';
  return (
    <Card>
      <SettingsForm
        data-testid="acceptance-settings"
        className="space-y-4"
        title={t('settingsTitle')}
        help={t('settingsHelp')}
        onSave={submit}
      >
        <LabeledInput
          label={t('defaultMinutes')}
          labelClassName="block font-semibold"
          className={field}
          inputMode="numeric"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
        <ToggleRow
          label={t('autoAccept')}
          help={t('autoAcceptHelp')}
          labelClassName="font-semibold"
          checked={current.auto_accept}
          disabled={save.isPending}
          onChange={(v) => submit(v)}
        />
        <fieldset>
          <legend className="font-semibold">{t('capacityTitle')}</legend>
          <p className="text-slate-700">{t('capacityHelp')}</p>
          <div className="mt-2 flex flex-wrap gap-4">
            {[
              { label: t('capacityDelivery'), value: delivery, set: setDelivery },
              { label: t('capacityPickup'), value: pickup, set: setPickup },
            ].map((c) => (
              <LabeledInput
                key={c.label}
                label={c.label}
                labelClassName="block"
                className={field}
                inputMode="numeric"
                value={c.value}
                onChange={(e) => c.set(e.target.value)}
              />
            ))}
          </div>
        </fieldset>
        {error && (
          <p role="alert" className="font-semibold text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" disabled={save.isPending}>
          {t('save')}
        </Button>
      </SettingsForm>
    </Card>
  );
}
