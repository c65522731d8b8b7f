import { formatEuro } from '../../../shared/domain/money.js';
import { fr } from '../../i18n/fr.js';
import { useShopMenu } from '../../lib/public-data.js';
import { PageHero } from '../../components/ui/page-hero.js';
import { FlameIcon } from '../../components/ui/icons.js';
import { ChallengeForm } from './challenge-form.js';

const t = fr.challenge;

/** The challenge's burger on the menu (« Burj Khalifa », HungryBurgers): its description and price are the rules'. */
const CHALLENGE_ITEM_ID = 'hb-6';

export default function ChallengePage() {
  const burger = useShopMenu().data?.items.find((i) => i.id === CHALLENGE_ITEM_ID);
  const rules = burger
    ? [...(burger.description ? [burger.description] : []), ...t.rules, t.failed(formatEuro(burger.price))]
    : t.rules;
  return (
    <>
      <PageHero title={t.title} subtitle={t.subtitle} image="/images/challenge-burger.webp" />
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-16 lg:grid-cols-2">
        <div>
          <h2 className="text-3xl font-bold uppercase">{t.rulesTitle}</h2>
          <ul className="mt-5 space-y-3">
            {rules.map((r) => (
              <li key={r} className="flex gap-3">
                <FlameIcon className="mt-0.5 size-5 shrink-0 text-flame-600" />
                <span>{r}</span>
              </li>
            ))}
          </ul>
          <h2 className="mt-10 text-3xl font-bold uppercase">{t.contractTitle}</h2>
          <img
            src="/images/challenge-contract.webp"
            alt={t.contractAlt}
            loading="lazy"
            className="mt-5 w-full rounded-2xl shadow-xl ring-1 ring-cream-300"
          />
        </div>
        <div className="h-fit rounded-3xl bg-white p-6 shadow-lg ring-1 ring-cream-200 md:p-8 lg:sticky lg:top-28">
          <img
            src="/images/challenge-burger.webp"
            alt={t.burgerAlt}
            loading="lazy"
            className="mb-6 aspect-[16/9] w-full rounded-2xl object-cover"
          />
          <h2 className="text-3xl font-bold uppercase">{t.formTitle}</h2>
          <p className="mt-2 mb-6 text-charcoal-700">{t.formLead}</p>
          <ChallengeForm />
        </div>
      </section>
    </>
  );
}
