import { Button } from '../../components/ui/button.js';
import { Toggle } from '../../components/ui/toggle.js';
import { Icon } from '../../components/ui/icon.js';
import { useT } from '../../i18n/index.js';
import { acknowledgeNewOrders, useNotificationSound } from './notification-sound.js';

export function SoundBanner() {
  const t = useT();
  const { enabled, unlocked, setEnabled } = useNotificationSound();
  if (!enabled) {
    return (
      <div role="alert" data-testid="sound-disabled-banner" className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border-2 border-red-700 bg-red-50 p-4 text-lg font-semibold text-red-900">
        <Icon name="bellOff" className="h-6 w-6" />
        <span className="flex-1">{t('sound.disabledBanner')}</span>
        <Button variant="danger" onClick={() => setEnabled(true)}>
          {t('sound.enable')}
        </Button>
      </div>
    );
  }
  if (!unlocked) {
    return (
      <div role="status" data-testid="sound-locked-banner" className="mb-4 rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-lg font-semibold text-amber-900">
        <Icon name="bell" className="mr-2 inline h-6 w-6" />
        {t('sound.lockedBanner')}
      </div>
    );
  }
  return null;
}

export function SoundSettings() {
  const t = useT();
  const { enabled, repeatUntilAcknowledged, setEnabled, setRepeat } = useNotificationSound();
  return (
    <div className="flex flex-wrap items-center gap-4">
      <label className="flex items-center gap-2 font-semibold">
        <Toggle checked={enabled} onChange={setEnabled} label={enabled ? t('sound.on') : t('sound.off')} />
        {enabled ? t('sound.on') : t('sound.off')}
      </label>
      <label className="flex min-h-12 items-center gap-2 font-semibold">
        <input type="checkbox" className="h-6 w-6" checked={repeatUntilAcknowledged} onChange={(e) => setRepeat(e.target.checked)} disabled={!enabled} />
        {t('sound.repeat')}
      </label>
    </div>
  );
}

/** Full-width and loud: while ringing, one big button stops it. */
export function RingingBar() {
  const t = useT();
  const ringing = useNotificationSound((s) => s.ringing);
  if (!ringing) return null;
  return (
    <div role="alert" data-testid="ringing-bar" className="no-print sticky top-16 z-20 flex items-center gap-3 bg-red-700 px-4 py-3 text-xl font-extrabold text-white shadow-lg">
      <Icon name="bell" className="h-7 w-7 animate-bounce" />
      <span className="flex-1 animate-pulse">{t('sound.ringing')}</span>
      <button type="button" onClick={acknowledgeNewOrders} className="min-h-12 rounded-lg bg-white px-6 text-lg font-extrabold text-red-800">
        {t('sound.acknowledge')}
      </button>
    </div>
  );
}
