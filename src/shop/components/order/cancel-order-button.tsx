import { useState } from 'react';
import { refusalOf, useCancelMyOrderMutation, type ConfirmedOrder } from '../../lib/data.js';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../ui/button.js';
import { toast, toastFailure } from '../ui/toast-store.js';

const t = fr.orderConfirmation;

/**
 * « Annuler ma commande » while the restaurant has not accepted the order (the database refuses after, with
 * its own words: cancel_too_late), asked twice so a stray tap cancels nothing.
 */
export function CancelOrderButton({
  orderId,
  tone = 'light',
  onCancelled,
}: {
  /** The order's full id: the number alone cancels nothing. */
  orderId: string;
  /** On the dark status card or on a white one. */
  tone?: 'dark' | 'light';
  onCancelled?: (order: ConfirmedOrder) => void;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelMyOrderMutation({
    mutationConfig: {
      onSuccess: (order) => {
        setAsking(false);
        toast({ title: t.cancelledTitle, description: t.cancelledText, variant: 'success' });
        onCancelled?.(order);
      },
      onError: (e) => {
        setAsking(false);
        toastFailure(refusalOf(e), { errorTitle: t.cancelFailed, errorText: fr.tracking.errorText });
      },
    },
  });
  const muted = tone === 'dark' ? 'text-cream-100/80' : 'text-charcoal-600';

  if (!asking)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          data-testid="cancel-order"
          onClick={() => setAsking(true)}
          className={buttonClass(tone === 'dark' ? 'secondary' : 'outline', 'sm')}
        >
          {t.cancel}
        </button>
        <span className={`text-sm ${muted}`}>{t.cancelHint}</span>
      </div>
    );
  return (
    <div role="group" aria-label={t.cancel} className="flex flex-wrap items-center gap-3">
      <span className={`w-full text-sm font-semibold ${tone === 'dark' ? 'text-cream-50' : ''}`}>
        {t.cancelQuestion}
      </span>
      <button
        type="button"
        data-testid="cancel-order-confirm"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(orderId)}
        className={buttonClass('primary', 'sm', 'bg-ember-600 hover:bg-ember-700')}
      >
        {cancel.isPending ? t.cancelling : t.cancelConfirm}
      </button>
      <button
        type="button"
        disabled={cancel.isPending}
        onClick={() => setAsking(false)}
        className={buttonClass(tone === 'dark' ? 'secondary' : 'ghost', 'sm')}
      >
        {t.cancelKeep}
      </button>
    </div>
  );
}
