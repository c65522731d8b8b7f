import { Card, ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
import { Toggle } from '../../components/ui/toggle.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import { useSetDeliveryEnabledMutation, useSetOrderingEnabledMutation, useStoreSettingsQuery } from '../../lib/data.js';
import { SoundSettings } from '../../lib/sound/sound-controls.js';
import { AcceptanceSettings } from './acceptance-settings.js';
import { RestaurantIdentitySettings } from './restaurant-identity-settings.js';

const SWITCH_WORDS = {
  ordering: {
    name: 'settings.ordering',
    on: 'topbar.storeOpen',
    off: 'topbar.storeClosed',
    help: 'settings.orderingHelp',
  },
  delivery: {
    name: 'settings.delivery',
    on: 'settings.deliveryOn',
    off: 'settings.deliveryOff',
    help: 'settings.deliveryHelp',
  },
} as const satisfies Record<string, Record<'name' | 'on' | 'off' | 'help', MessageKey>>;

/** A switch of the whole shop (ordering, delivery): its name, its state in colour, a line of help, the switch. */
function SwitchCard({
  words,
  testId,
  on,
  mutation,
}: {
  words: Record<'name' | 'on' | 'off' | 'help', MessageKey>;
  testId: string;
  on: boolean;
  mutation: { isPending: boolean; mutate(on: boolean): void };
}) {
  const t = useT();
  return (
    <Card>
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold">{t(words.name)}</h2>
          <p className={`text-lg font-bold ${on ? 'text-green-800' : 'text-red-800'}`} data-testid={testId}>
            {on ? t(words.on) : t(words.off)}
          </p>
          <p className="text-slate-700">{t(words.help)}</p>
        </div>
        <Toggle checked={on} disabled={mutation.isPending} onChange={(v) => mutation.mutate(v)} label={t(words.name)} />
      </div>
    </Card>
  );
}

export function SettingsPage() {
  const t = useT();
  const settings = useStoreSettingsQuery();

  const ordering = useSetOrderingEnabledMutation({
    mutationConfig: {
      onSuccess: (_r, open) => {
        toast.success(t('common.success'), open ? t('settings.storeNowOpen') : t('settings.storeNowClosed'));
      },
      onError: () => toast.error(t('settings.errorTitle'), t('settings.storeFailed')),
    },
  });
  const delivery = useSetDeliveryEnabledMutation({
    mutationConfig: {
      onSuccess: (_r, on) => {
        toast.success(t('common.success'), on ? t('settings.deliveryNowOn') : t('settings.deliveryNowOff'));
      },
      onError: () => toast.error(t('settings.errorTitle'), t('settings.deliveryFailed')),
    },
  });

  if (settings.isPending) return <Spinner label={t('common.loading')} />;
  if (settings.isError) return <ErrorPanel message={t('settings.storeFailed')} />;
  const open = settings.data.ordering.is_enabled;
  const deliveryOn = settings.data.delivery_options.is_enabled;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader title={t('settings.title')} />
      <SwitchCard words={SWITCH_WORDS.ordering} testId="ordering-state" on={open} mutation={ordering} />
      <SwitchCard words={SWITCH_WORDS.delivery} testId="delivery-state" on={deliveryOn} mutation={delivery} />
      <AcceptanceSettings />
      <RestaurantIdentitySettings />
      <Card>
        <SoundSettings />
      </Card>
    </div>
  );
}
