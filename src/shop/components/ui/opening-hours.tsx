import { fr } from '../../i18n/fr.js';
import { ClockIcon } from './icons.js';

export function OpeningHours({ dark = false }: { dark?: boolean }) {
  const today = (new Date().getDay() + 6) % 7;
  return (
    <div
      className={`rounded-2xl p-6 ${dark ? 'bg-charcoal-900 text-cream-50' : 'bg-white shadow-md ring-1 ring-cream-200'}`}
    >
      <h2 className="flex items-center gap-2 text-2xl font-semibold uppercase">
        <ClockIcon className="size-6 text-flame-500" /> {fr.hours.title}
      </h2>
      <dl className="mt-4 divide-y divide-cream-200/60">
        {fr.hours.days.map((d, i) => (
          <div
            key={d.day}
            className={`flex justify-between gap-4 py-2 text-sm ${i === today ? 'font-bold text-flame-600' : ''}`}
          >
            <dt>{d.day}</dt>
            <dd className="text-right">{d.hours}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs opacity-80">{fr.hours.kitchen}</p>
    </div>
  );
}
