import { featureCatalogue } from '../../i18n/catalogue.js';
import { Button } from '../../components/ui/button.js';
import { useToastedTask } from '../../components/ui/use-toasted-task.js';
import { useSetBusyModeMutation, useStoreSettingsQuery, type BusyModeChange } from '../../lib/data.js';
import { activeBusyMode } from '../../../shared/domain/store-settings.js';
import { restaurantClock } from '../../../shared/domain/restaurant-time.js';
import { useNowAs } from '../../../shared/ui/render-clock.js';

const words = featureCatalogue({
  pt: {
    title: 'Muito movimento?',
    extra: '+20 min (1 hora)',
    pause: 'Pausar 30 min',
    end: 'Terminar',
    extraOn: 'Preparação +{minutes} min até {time}: o site mostra a nova estimativa.',
    pauseOn: 'Encomendas imediatas em pausa até {time}: o site aceita só pré-encomendas.',
    done: 'Modo atualizado',
    failed: 'Não foi possível mudar o modo',
  },
  fr: {
    title: 'Coup de feu ?',
    extra: '+20 min (1 heure)',
    pause: 'Pause 30 min',
    end: 'Terminer',
    extraOn: 'Préparation +{minutes} min jusqu’à {time} : le site montre la nouvelle estimation.',
    pauseOn: 'Commandes immédiates en pause jusqu’à {time} : le site ne prend que les pré-commandes.',
    done: 'Mode mis à jour',
    failed: 'Impossible de changer le mode',
  },
});

const BUTTONS: { mode: Exclude<BusyModeChange, 'end'>; label: 'extra' | 'pause' }[] = [
  { mode: 'extra', label: 'extra' },
  { mode: 'pause', label: 'pause' },
];

/**
 * The counter's busy mode, one tap each: « +20 min » of preparation for the next hour, or a 30-minute pause of
 * immediate orders. What is on shows with its end time and a button to end it early; each also ends by itself.
 */
export function BusyMode() {
  const t = words.useText();
  const busy = useStoreSettingsQuery().data?.busy_mode;
  const setMode = useSetBusyModeMutation();
  const task = useToastedTask<BusyModeChange>();
  // Re-rendered each minute: a mode that ended by itself leaves the screen.
  const active = useNowAs((now) => {
    const a = activeBusyMode(busy, new Date(now));
    const time = (d: Date | null) => (d ? restaurantClock(d).time : '');
    return `${time(a.pausedUntil)}|${a.extraMinutes}|${time(a.extraUntil)}`;
  });
  const [pausedUntil, extraMinutes, extraUntil] = active.split('|');
  const run = (mode: BusyModeChange) =>
    task.run(mode, () => setMode.mutateAsync(mode), { done: t('done'), failed: t('failed') });
  const on = Boolean(pausedUntil || extraUntil);

  return (
    <section
      data-testid="busy-mode"
      className={`mb-5 rounded-2xl border-2 p-3 sm:p-4 ${on ? 'border-amber-600 bg-amber-50' : 'border-slate-300 bg-white'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-bold">{t('title')}</h2>
        {BUTTONS.map((b) => (
          <Button
            key={b.mode}
            variant="secondary"
            data-testid={`busy-${b.mode}`}
            disabled={task.busy !== null}
            onClick={() => void run(b.mode)}
          >
            {t(b.label)}
          </Button>
        ))}
      </div>
      {on && (
        <div role="status" className="mt-3 flex flex-wrap items-center gap-2 font-semibold text-amber-900">
          <div className="mr-auto space-y-1">
            {pausedUntil && <p data-testid="busy-paused-on">{t('pauseOn', { time: pausedUntil })}</p>}
            {extraUntil && (
              <p data-testid="busy-extra-on">{t('extraOn', { minutes: extraMinutes ?? '', time: extraUntil })}</p>
            )}
          </div>
          <Button variant="danger" data-testid="busy-end" disabled={task.busy !== null} onClick={() => void run('end')}>
            {t('end')}
          </Button>
        </div>
      )}
    </section>
  );
}
