import { Link, useSearchParams } from 'react-router-dom';
import { promotionsText } from '../../i18n/fr-promotions.js';
import { refusalOf, useUnsubscribeMutation } from '../../lib/data.js';
import { buttonClass } from '../../components/ui/button.js';
import { AuthCard } from './auth-card.js';

const t = promotionsText.unsubscribe;

/**
 * /desinscription?t=…: the link of every promotion. One click on the button withdraws the consent of the link's
 * address (its token, no sign-in); opening the page alone changes nothing.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const unsubscribe = useUnsubscribeMutation();
  const answer = unsubscribe.data;
  const failure = unsubscribe.error ? (refusalOf(unsubscribe.error)?.message ?? t.failed) : null;
  return (
    <AuthCard title={t.title} lead={t.lead}>
      {answer?.unsubscribed ? (
        <div role="status" className="rounded-xl bg-herb-600/10 p-4">
          <p className="font-bold text-herb-700">{t.doneTitle}</p>
          <p className="mt-1 text-charcoal-800">{t.done}</p>
        </div>
      ) : (
        <>
          {(answer || failure) && (
            <p role="alert" className="mb-4 rounded-xl bg-ember-50 p-3 text-sm font-semibold text-ember-700">
              {answer ? t.unknown : failure}
            </p>
          )}
          <button
            type="button"
            onClick={() => unsubscribe.mutate(token)}
            disabled={unsubscribe.isPending || !!answer}
            className={buttonClass('primary', 'lg', 'w-full')}
          >
            {unsubscribe.isPending ? t.sending : t.button}
          </button>
        </>
      )}
      <Link to="/" className={buttonClass('ghost', 'md', 'mt-4 w-full')}>
        {t.home}
      </Link>
    </AuthCard>
  );
}
