import { useEffect, useState } from 'react';
import { formatAmount, validateZoneList, zoneCoverage, type DeliveryZoneDraft } from '../../../shared/domain/index.js';
import { Button } from '../../components/ui/button.js';
import { Card, ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { TextField } from '../../components/ui/labeled-input.js';
import { MoneyInput } from '../../components/ui/money-input.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { useSaveStoreSettingMutation, useStoreSettingsQuery } from '../../lib/data.js';

const field = 'block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg';
const zoneField = (label: string) => ({ label, labelClassName: 'font-semibold', className: field });

/** The domain decides whether the list is valid and why not; the catalogue words the reason. */
const problemKey = {
  required: 'delivery.requiredBody',
  fee_invalid: 'delivery.feeInvalid',
  duplicate: 'delivery.duplicate',
  postal_code_invalid: 'delivery.postalCodeInvalid',
  postal_code_twice: 'delivery.postalCodeTwice',
} as const;

export function DeliveryZonesPage() {
  const t = useT();
  const settings = useStoreSettingsQuery();
  const [drafts, setDrafts] = useState<DeliveryZoneDraft[] | null>(null);
  const [badRow, setBadRow] = useState<number | null>(null);

  useEffect(() => {
    if (settings.data && drafts === null)
      setDrafts(
        settings.data.delivery_zones.map((z) => ({
          name: z.name,
          fee: formatAmount(z.fee),
          postalCodes: (z.postal_codes ?? []).join(', '),
        })),
      );
  }, [settings.data, drafts]);

  const save = useSaveStoreSettingMutation({
    mutationConfig: {
      onSuccess: () => toast.success(t('common.success'), t('delivery.saved')),
      onError: () => toast.error(t('settings.errorTitle'), t('delivery.failed')),
    },
  });

  if (settings.isPending || drafts === null)
    return settings.isError ? <ErrorPanel message={t('delivery.failed')} /> : <Spinner label={t('common.loading')} />;

  const edit = (i: number, patch: Partial<DeliveryZoneDraft>) =>
    setDrafts(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  function submit() {
    const check = validateZoneList(drafts!);
    if (!check.ok) {
      setBadRow(check.index);
      return toast.error(t('delivery.validationTitle'), t(problemKey[check.problem], { name: check.name }));
    }
    setBadRow(null);
    save.mutate({ key: 'delivery_zones', value: check.zones });
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('delivery.title')} />
      <Card>
        <p className="mb-3 text-slate-700">{t('delivery.postalCodesHint')}</p>
        {drafts.length === 0 && <p className="mb-3 text-lg text-slate-700">{t('delivery.empty')}</p>}
        <ul className="space-y-3" data-testid="zone-list">
          {drafts.map((d, i) => (
            <li
              key={i}
              className={`grid grid-cols-[1fr_8rem_auto] items-start gap-2 rounded-xl p-2 ${badRow === i ? 'bg-red-50 ring-2 ring-red-600' : ''}`}
            >
              <TextField {...zoneField(t('delivery.city'))} value={d.name} onValue={(name) => edit(i, { name })} />
              <MoneyInput {...zoneField(t('delivery.fee'))} value={d.fee} onValue={(fee) => edit(i, { fee })} />
              <Button
                variant="secondary"
                aria-label={`${t('delivery.remove')} ${d.name}`}
                onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}
              >
                ✕
              </Button>
              <div className="col-span-3">
                <TextField
                  {...zoneField(t('delivery.postalCodes'))}
                  inputMode="numeric"
                  placeholder="4501, 4502, 4503"
                  value={d.postalCodes ?? ''}
                  onValue={(postalCodes) => edit(i, { postalCodes })}
                />
                <ZoneCoverage draft={d} />
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-5 flex flex-wrap justify-between gap-2">
          <Button variant="secondary" onClick={() => setDrafts([...drafts, { name: '', fee: '', postalCodes: '' }])}>
            + {t('delivery.add')}
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('delivery.save')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

/** Which postal codes and towns a zone covers, from the national register (postal_codes). */
function ZoneCoverage({ draft }: { draft: DeliveryZoneDraft }) {
  const t = useT();
  const { codes, towns } = zoneCoverage(draft);
  if (codes.length === 0 && towns.length === 0) return null;
  const listed = (draft.postalCodes ?? '').trim() !== '';
  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="zone-coverage">
      {listed
        ? t('delivery.coversCodes', { count: String(codes.length), towns: towns.join(', ') || '—' })
        : t('delivery.coversTown', { codes: codes.join(', ') || '—' })}
    </p>
  );
}
