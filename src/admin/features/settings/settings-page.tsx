import { Card, ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
import { Toggle } from '../../components/ui/toggle.js';
import { useT } from '../../i18n/index.js';
import { useSetDeliveryEnabledMutation, useSetOrderingEnabledMutation, useStoreSettingsQuery } from '../../lib/data.js';
import { SoundSettings } from '../../lib/sound/sound-controls.js';
import { AcceptanceSettings } from './acceptance-settings.js';
import { RestaurantIdentitySettings } from './restaurant-identity-settings.js';

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
      <Card>
        <div className="flex items-center justify-between gap-4">
          <div>
            <h2 className="text-xl font-bold">{t('settings.ordering')}</h2>
            <p className={`text-lg font-bold ${open ? 'text-green-800' : 'text-red-800'}`} data-testid="ordering-state">
              {open ? t('topbar.storeOpen') : t('topbar.storeClosed')}
            </p>
            <p className="text-slate-700">{t('settings.orderingHelp')}</p>
          </div>
          <Toggle
            checked={open}
            disabled={ordering.isPending}
            onChange={(v) => ordering.mutate(v)}
            label={t('settings.ordering')}
          />
        </div>
      </Card>
      <Card>
        <div className="flex items-center justify-between gap-4">
          <div>
            <h2 className="text-xl font-bold">{t('settings.delivery')}</h2>
            <p
              className={`text-lg font-bold ${deliveryOn ? 'text-green-800' : 'text-red-800'}`}
              data-testid="delivery-state"
            >
              {deliveryOn ? t('settings.deliveryOn') : t('settings.deliveryOff')}
            </p>
            <p className="text-slate-700">{t('settings.deliveryHelp')}</p>
          </div>
          <Toggle
            checked={deliveryOn}
            disabled={delivery.isPending}
            onChange={(v) => delivery.mutate(v)}
            label={t('settings.delivery')}
          />
        </div>
      </Card>
      <AcceptanceSettings />
      <RestaurantIdentitySettings />
      <Card>
        <SoundSettings />
      </Card>
    </div>
  );
}
