import { useState } from 'react';
import { promotionsText } from '../../i18n/fr-promotions.js';
import { refusalOf, useMyPromotionConsentQuery, useSetMyPromotionConsentMutation } from '../../lib/data.js';
import { toast } from '../../components/ui/toast-store.js';
import { useSession } from '../../lib/session.js';
import { restaurantTimeZone } from '../../../shared/domain/restaurant-time.js';

const t = promotionsText.account;
const day = (iso: string) => new Date(iso).toLocaleDateString('fr-LU', { timeZone: restaurantTimeZone() });

/**
 * The profile's consent to promotional e-mail: off unless the customer ticked it, saved with its date; unticking
 * withdraws it at once (as the link in every promotion does).
 */
export function PromotionConsentSection() {
  // Read while signed in only: on « Se déconnecter » the page is still shown an instant with the session ended.
  const signedIn = useSession().status === 'signedIn';
  const consent = useMyPromotionConsentQuery({ queryConfig: { enabled: signedIn, retry: false } });
  const save = useSetMyPromotionConsentMutation({
    mutationConfig: {
      onSuccess: (r) =>
        toast({ title: t.savedTitle, description: r.consented ? t.savedOn : t.savedOff, variant: 'success' }),
      onError: (e) =>
        toast({ title: t.failed, description: refusalOf(e)?.message ?? t.notConfirmed, variant: 'destructive' }),
    },
  });
  // The tick the customer just gave, until the server answers: set in the click's own render (the mutation's
  // pending state reaches React a moment later, and a controlled box would flip back in between).
  const [asked, setAsked] = useState<boolean | null>(null);
  const data = consent.data;
  const confirmed = !!data?.email;
  return (
    <section aria-labelledby="promotion-consent-title" className="mt-8 border-t border-cream-200 pt-6">
      <h2 id="promotion-consent-title" className="text-lg font-bold">
        {t.title}
      </h2>
      <label className="mt-3 flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          data-testid="promotion-consent"
          // The box shows the choice at once; the saved answer replaces it (a refused change goes back).
          checked={asked ?? data?.consented ?? false}
          disabled={!data || !confirmed || asked !== null}
          onChange={(e) => {
            setAsked(e.target.checked);
            save.mutate(e.target.checked, { onSettled: () => setAsked(null) });
          }}
          className="mt-0.5 size-5 shrink-0 accent-flame-600"
        />
        <span>{t.label}</span>
      </label>
      <p className="mt-2 text-sm text-charcoal-700">
        {data && !confirmed ? t.notConfirmed : t.hint}
        {data?.consented && data.consented_at ? ` ${t.since(day(data.consented_at))}` : ''}
      </p>
    </section>
  );
}
