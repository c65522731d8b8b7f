import { lazy, Suspense } from 'react';
import { fr } from '../../i18n/fr.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { OpeningHours } from '../../components/ui/opening-hours.js';
import { Spinner } from '../../components/ui/spinner.js';
import { ContactCards } from './contact-cards.js';
import { TitledSection } from '../../components/ui/titled-section.js';

// The form's rules are not part of the page's first load: the request starts with the page and the form
// takes its place when they arrive (the box keeps its height meanwhile). The data layer comes later still,
// when a date is picked or the form is sent (./booking.ts).
const loadForm = () => import('./reservation-form.js').then((m) => ({ default: m.ReservationForm }));
const ReservationForm = lazy(loadForm);

const t = fr.contact;

export default function ContactPage() {
  return (
    <>
      <PageHero title={t.title} subtitle={t.subtitle} />
      <ContactCards />
      <section className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-[1.5fr_1fr]">
        <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-cream-200 md:p-8">
          <h2 className="text-3xl font-bold uppercase">{t.formTitle}</h2>
          <p className="mt-2 mb-6 text-charcoal-700">{t.formLead}</p>
          <Suspense
            fallback={
              <div className="min-h-[44rem] sm:min-h-[34rem]">
                <Spinner />
              </div>
            }
          >
            <ReservationForm />
          </Suspense>
        </div>
        <OpeningHours dark />
      </section>
      <TitledSection id="faq" title={t.faqTitle} className="bg-cream-100 py-16" size="sm">
        <div className="mt-8 space-y-3">
          {t.faq.map((f) => (
            <details key={f.q} className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-cream-200">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold">
                {f.q}
                <span aria-hidden="true" className="text-2xl text-flame-600 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-charcoal-700">{f.a}</p>
            </details>
          ))}
        </div>
      </TitledSection>
    </>
  );
}
