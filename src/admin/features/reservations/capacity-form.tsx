import { useState, type FormEvent } from 'react';
import { featureCatalogue } from '../../i18n/catalogue.js';
import { Button } from '../../components/ui/button.js';
import { TextField } from '../../components/ui/labeled-input.js';
import { toast } from '../../components/ui/toast-store.js';
import { useSaveStoreSettingMutation, useStoreSettingsQuery } from '../../lib/data.js';
import { MAX_GUESTS_PER_SERVICE } from '../../../shared/domain/store-settings.js';

const words = featureCatalogue({
  pt: {
    label: 'Lugares por serviço (vazio: sem limite)',
    help: 'O site só propõe as horas de um serviço com lugares livres; as reservas anuladas libertam os lugares.',
    save: 'Guardar',
    saved: 'Capacidade guardada',
    invalid: 'Indique um número de 1 a {max}, ou deixe vazio.',
    failed: 'Não foi possível guardar',
  },
  fr: {
    label: 'Couverts par service (vide : sans limite)',
    help: 'Le site ne propose que les heures d’un service avec des places libres ; les réservations annulées libèrent leurs places.',
    save: 'Enregistrer',
    saved: 'Capacité enregistrée',
    invalid: 'Indiquez un nombre de 1 à {max}, ou laissez vide.',
    failed: 'Impossible d’enregistrer',
  },
});

/** How many guests one service takes in reservations; the database refuses a booking past it. */
export function CapacityForm() {
  const t = words.useText();
  const saved = useStoreSettingsQuery().data?.reservation_capacity?.guests_per_service ?? null;
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? (saved === null ? '' : String(saved));
  const save = useSaveStoreSettingMutation({
    mutationConfig: {
      onSuccess: () => {
        setDraft(null);
        toast.success(t('saved'));
      },
      onError: (e) => toast.error(t('failed'), e.message),
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = value.trim();
    const guests = text === '' ? null : Number(text);
    if (guests !== null && !(Number.isInteger(guests) && guests >= 1 && guests <= MAX_GUESTS_PER_SERVICE)) {
      toast.error(t('invalid', { max: MAX_GUESTS_PER_SERVICE }));
      return;
    }
    save.mutate({ key: 'reservation_capacity', value: { guests_per_service: guests } });
  };
  return (
    <form
      onSubmit={submit}
      data-testid="reservation-capacity"
      className="mb-5 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-300 bg-white p-4"
    >
      <TextField
        label={t('label')}
        labelClassName="flex flex-col gap-1 font-semibold"
        className="min-h-12 w-32 rounded-lg border-2 border-slate-400 px-3 text-base"
        inputMode="numeric"
        value={value}
        onValue={setDraft}
      />
      <Button type="submit" disabled={save.isPending}>
        {t('save')}
      </Button>
      <p className="w-full text-sm text-slate-600">{t('help')}</p>
    </form>
  );
}
