import { Link } from 'react-router-dom';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { CheckIcon } from '../../components/ui/icons.js';
import { IconDisc } from '../../components/ui/icon-disc.js';

const t = fr.reservationSent;

export default function ReservationSuccessPage() {
  return (
    <section className="flex min-h-dvh items-center justify-center bg-charcoal-950 px-4 pt-24 pb-16 text-cream-50">
      <div className="max-w-lg text-center">
        <IconDisc icon={CheckIcon} size="xl" className="mx-auto bg-herb-600 text-white" />
        <h1 className="mt-6 text-4xl font-bold uppercase md:text-5xl">{t.title}</h1>
        <p className="mt-4 text-lg text-cream-100/90">{t.text}</p>
        <p className="mt-3 text-cream-100/75">{t.spam}</p>
        <Link to="/" className={buttonClass('primary', 'lg', 'mt-8')}>
          {t.home}
        </Link>
      </div>
    </section>
  );
}
