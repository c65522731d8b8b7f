import { fr } from '../../i18n/fr.js';
import type { LegalSection } from '../../i18n/fr-legal.js';
import { PageHero } from '../../components/ui/page-hero.js';

export function LegalPage({ title, sections }: { title: string; sections: readonly LegalSection[] }) {
  return (
    <>
      <PageHero title={title} subtitle={fr.legal.updated} />
      <article className="mx-auto max-w-3xl px-4 py-14">
        {sections.map((s) => (
          <section key={s.title} className="mb-10">
            <h2 className="mb-3 border-l-4 border-flame-600 pl-3 text-2xl font-semibold uppercase">{s.title}</h2>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 30)} className="mb-3 leading-relaxed text-charcoal-800">
                {p}
              </p>
            ))}
          </section>
        ))}
      </article>
    </>
  );
}
