import { Button } from '../../components/ui/button.js';
import { Toggle } from '../../components/ui/toggle.js';
import { Banner } from '../../components/ui/banner.js';
import { Icon } from '../../components/ui/icon.js';
import { useT } from '../../i18n/index.js';
import { repeatsUntilAccepted, useNotificationSound } from './notification-sound.js';
import { useWaitingOrdersQuery } from '../data.js';

const SOUND_OFF =
  'mb-4 flex flex-wrap items-center gap-3 rounded-xl border-2 border-red-700 bg-red-50 p-4 text-lg font-semibold text-red-900';

export function SoundBanner() {
  const t = useT();
  const { enabled, unlocked, setEnabled } = useNotificationSound();
  // The same list the alarm polls (shared cache): how many orders wait while nothing can ring.
  const waiting = useWaitingOrdersQuery().data?.length ?? 0;
  if (!enabled) {
    return (
      <Banner testId="sound-disabled-banner" icon="bellOff" text={t('sound.disabledBanner')} className={SOUND_OFF}>
        <Button variant="danger" onClick={() => setEnabled(true)}>
          {t('sound.enable')}
        </Button>
      </Banner>
    );
  }
  if (!unlocked) {
    return (
      <div
        role="status"
        data-testid="sound-locked-banner"
        className="mb-4 rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-lg font-semibold text-amber-900"
      >
        <Icon name="bell" className="mr-2 inline h-6 w-6" />
        {waiting > 0 ? t('sound.lockedWaiting', { n: waiting }) : t('sound.lockedBanner')}
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
        {/* Always on in the counter kiosk: an order there rings until someone accepts it. */}
        <input
          type="checkbox"
          className="h-6 w-6"
          checked={repeatUntilAcknowledged || repeatsUntilAccepted()}
          onChange={(e) => setRepeat(e.target.checked)}
          disabled={!enabled || (repeatsUntilAccepted() && !repeatUntilAcknowledged)}
        />
        {t('sound.repeat')}
      </label>
      {enabled && !repeatsUntilAccepted() && (
        <p
          role="status"
          data-testid="sound-repeat-off"
          className="rounded-lg border-2 border-amber-600 bg-amber-50 px-3 py-2 font-semibold text-amber-900"
        >
          {t('sound.repeatOff')}
        </p>
      )}
    </div>
  );
}
