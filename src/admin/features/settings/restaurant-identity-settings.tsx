import { useState } from 'react';
import { DEFAULT_RESTAURANT_IDENTITY, type RestaurantIdentity } from '../../../shared/domain/restaurant.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import { useSaveStoreSettingMutation, useStoreSettingsQuery } from '../../lib/data.js';
import { checkRestaurantDraft, type Draft, type FormField } from './restaurant-draft.js';
import { SettingsForm } from './settings-form.js';

// The row's hours_text is not offered: the shop shows the schedule and closures of « Horário », and a second,
// free-text copy of the hours could only contradict them. A stored value is kept as it is when saving.
const GROUPS: { title?: MessageKey; fields: FormField[] }[] = [
  { fields: ['name', 'street', 'postal_code', 'city', 'country', 'phone_display', 'email'] },
  { title: 'restaurant.legalTitle', fields: ['company', 'rcs', 'vat'] },
  { title: 'restaurant.linksTitle', fields: ['facebook_url', 'instagram_url', 'reviews_url'] },
];

const label = (f: FormField): MessageKey => (f === 'phone_display' ? 'restaurant.phone' : `restaurant.${f}`);

function IdentityForm({ stored }: { stored: RestaurantIdentity }) {
  const t = useT();
  const { phone: _phone, ...initial } = stored;
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Record<FormField, MessageKey>>>({});
  const save = useSaveStoreSettingMutation({
    mutationConfig: {
      onSuccess: () => toast.success(t('common.success'), t('restaurant.saved')),
      onError: () => toast.error(t('settings.errorTitle'), t('restaurant.saveFailed')),
    },
  });

  const submit = () => {
    const result = checkRestaurantDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return toast.error(t('settings.errorTitle'), t('restaurant.fixErrors'));
    }
    setErrors({});
    save.mutate({ key: 'restaurant', value: result.value });
  };

  const field = (invalid: boolean) =>
    `mt-1 block min-h-12 w-full rounded-lg border-2 px-3 text-lg ${invalid ? 'border-red-600 bg-red-50' : 'border-slate-400'}`;
  return (
    <SettingsForm
      noValidate
      data-testid="restaurant-identity"
      className="space-y-5"
      title={t('restaurant.title')}
      help={t('restaurant.help')}
      onSave={submit}
    >
      {GROUPS.map((group, i) => (
        <fieldset key={i} className="grid gap-3 sm:grid-cols-2">
          {group.title && <legend className="mb-2 text-lg font-bold">{t(group.title)}</legend>}
          {group.fields.map((f) => (
            <label key={f} className="block font-semibold">
              {t(label(f))}
              <input
                name={f}
                className={field(!!errors[f])}
                value={draft[f]}
                inputMode={f === 'phone_display' ? 'tel' : undefined}
                type={f === 'email' ? 'email' : f.endsWith('_url') ? 'url' : 'text'}
                aria-invalid={!!errors[f]}
                aria-describedby={errors[f] ? `restaurant-${f}-error` : undefined}
                onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
              />
              {errors[f] && (
                <span id={`restaurant-${f}-error`} className="mt-1 block text-base font-semibold text-red-800">
                  {t(errors[f])}
                </span>
              )}
            </label>
          ))}
        </fieldset>
      ))}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('common.saving') : t('restaurant.save')}
      </Button>
    </SettingsForm>
  );
}

/** Admin settings: the restaurant's identity (store_settings 'restaurant'), read by the shop, tickets and e-mails. */
export function RestaurantIdentitySettings() {
  const settings = useStoreSettingsQuery();
  const stored = settings.data?.restaurant ?? DEFAULT_RESTAURANT_IDENTITY;
  // A change saved here or on another screen resets the form to what is stored.
  return (
    <Card>
      <IdentityForm key={JSON.stringify(stored)} stored={stored} />
    </Card>
  );
}
