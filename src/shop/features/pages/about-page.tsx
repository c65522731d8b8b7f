import { fr } from '../../i18n/fr.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { IconDisc } from '../../components/ui/icon-disc.js';
import { TitledSection } from '../../components/ui/titled-section.js';
import { CallToAction } from '../../components/ui/call-to-action.js';
import { AwardIcon, HeartIcon, FlameIcon, RepeatIcon } from '../../components/ui/icons.js';

const t = fr.about;
const icons = [AwardIcon, HeartIcon, FlameIcon, RepeatIcon];

export default function AboutPage() {
  return (
    <>
      <PageHero title={t.title} subtitle={t.subtitle} />
      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
        <div>
          <h2 className="text-4xl font-bold uppercase">{t.storyTitle}</h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-charcoal-800">
            {t.story.map((p) => (
              <p key={p.slice(0, 20)}>{p}</p>
            ))}
          </div>
        </div>
        <img
          src="/images/about-grill.webp"
          alt={t.storyImageAlt}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-3xl object-cover shadow-2xl"
        />
      </section>
      <TitledSection
        id="commitments"
        title={t.commitmentsTitle}
        className="bg-charcoal-950 py-16 text-cream-50 md:py-24"
        size="md"
      >
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {t.commitments.map((c, i) => (
            <li key={c.title} className="rounded-2xl border border-charcoal-800 bg-charcoal-900 p-6 text-center">
              <IconDisc icon={icons[i]} size="lg" className="mx-auto bg-flame-600 text-white" />
              <h3 className="mt-4 text-2xl font-semibold uppercase">{c.title}</h3>
              <p className="mt-2 text-sm text-cream-100/80">{c.text}</p>
            </li>
          ))}
        </ul>
      </TitledSection>
      <section className="py-16 text-center md:py-20">
        <CallToAction title={t.ctaTitle} size="sm" to="/contact" label={t.cta}>
          <p className="mt-3 text-charcoal-700">{t.ctaText}</p>
        </CallToAction>
      </section>
    </>
  );
}
