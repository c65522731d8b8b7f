import { fr } from '../../i18n/fr.js';
import { CallToAction } from '../../components/ui/call-to-action.js';
import { CheckIcon } from '../../components/ui/icons.js';
import { IconDisc } from '../../components/ui/icon-disc.js';

const t = fr.reservationSent;

export default function ReservationSuccessPage() {
  return (
    <section className="flex min-h-dvh items-center justify-center bg-charcoal-950 px-4 pt-24 pb-16 text-cream-50">
      <div className="max-w-lg text-center">
        <IconDisc icon={CheckIcon} size="xl" className="mx-auto bg-herb-600 text-white" />
        <CallToAction title={t.title} as="h1" size="lg" titleClassName="mt-6" to="/" label={t.home}>
          <p className="mt-4 text-lg text-cream-100/90">{t.text}</p>
          <p className="mt-3 text-cream-100/75">{t.spam}</p>
        </CallToAction>
      </div>
    </section>
  );
}
