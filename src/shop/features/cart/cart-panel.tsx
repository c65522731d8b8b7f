import { useEffect, useLayoutEffect, useRef, type FormEvent, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatEuro } from '../../../shared/domain/money.js';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { CartIcon, CloseIcon } from '../../components/ui/icons.js';
import { useCartPanel } from '../../stores/cart-panel-store.js';
import { StoreNotice } from '../../components/store-notice.js';
import { Toaster } from '../../components/ui/toaster.js';
import { CartLines } from './cart-lines.js';
import { CheckoutForm } from './checkout-form.js';
import { useCheckout } from './use-checkout.js';
import { usePrefill } from './use-prefill.js';

const t = fr.cart;

/**
 * A modal <dialog> that slides in from the right (the whole screen on a phone). The browser's modal dialog
 * puts it in the top layer, makes the page behind inert and closes it on Escape; the page behind does not
 * scroll while it is open, and the focus goes back where it was when it closes.
 */
export default function CartPanel() {
  const close = useCartPanel((s) => s.close);
  const c = useCheckout();
  const panel = useRef<HTMLDialogElement>(null);
  const changesNotice = useRef<HTMLDivElement>(null);
  usePrefill();
  // A change arriving while the customer is further down the form: the notice is brought into view.
  const changeCount = c.changes.length;
  useEffect(() => {
    if (changeCount > 0) changesNotice.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [changeCount]);

  // Before the first paint: the panel is never shown as an ordinary box first.
  useLayoutEffect(() => {
    const dialog = panel.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    // The panel itself, not its first button: a screen reader reads its title, no focus ring on « Fermer ».
    dialog.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      previous?.focus?.();
    };
  }, []);

  // A click on the backdrop lands on the <dialog> itself (its content fills it). The <dialog> is no scroll
  // container (overflow visible, not the browser's auto): focusing a field never scrolls the header away.
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) close();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void c.submit();
  };

  return (
    <dialog
      ref={panel}
      aria-labelledby="cart-title"
      tabIndex={-1}
      data-testid="cart-panel"
      onClick={onBackdrop}
      // Escape: the store closes it (and unmounts it), as the close button does.
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClose={close}
      className="inset-y-0 right-0 left-auto m-0 h-auto max-h-none w-full max-w-md animate-slide-in-right flex-col border-0 bg-cream-50 p-0 overflow-visible text-charcoal-900 shadow-2xl outline-none backdrop:animate-fade-in backdrop:bg-charcoal-950/60 open:flex"
    >
      <header className="flex items-center justify-between bg-charcoal-950 px-5 py-4 text-cream-50">
        <h2 id="cart-title" className="flex items-center gap-2 text-2xl font-bold uppercase">
          <CartIcon className="size-6 text-flame-400" /> {t.title}
        </h2>
        <button type="button" onClick={close} aria-label={t.close} className="rounded-full p-2 hover:bg-white/10">
          <CloseIcon className="size-6" />
        </button>
      </header>
      <Toaster inline />

      {c.items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
          <CartIcon className="size-14 text-cream-300" />
          <p className="text-lg font-semibold">{t.empty}</p>
          <p className="text-charcoal-700">{t.emptyHint}</p>
          <Link to="/menu" onClick={close} className={buttonClass('primary', 'md', 'mt-2')}>
            {t.browse}
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col" aria-labelledby="cart-title">
          <div className="flex-1 space-y-5 overflow-y-auto overscroll-contain px-5 py-4">
            <StoreNotice />
            {c.changes.length > 0 && (
              <div
                ref={changesNotice}
                role="alert"
                data-testid="cart-changes"
                className="space-y-2 rounded-xl border-l-4 border-flame-600 bg-flame-600/10 p-4 text-sm text-charcoal-900"
              >
                <p className="font-semibold">{t.changesTitle}</p>
                <ul className="space-y-1">
                  {c.changes.map((change) => (
                    <li key={change.uniqueId} data-testid="cart-change">
                      {change.kind === 'price'
                        ? t.priceChanged(change.name, formatEuro(change.from), formatEuro(change.to))
                        : t.nowUnavailable(change.name)}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  onClick={c.acknowledgeChanges}
                  data-testid="changes-seen"
                  className={buttonClass('outline', 'sm')}
                >
                  {t.changesSeen}
                </button>
              </div>
            )}
            <CartLines items={c.lines} priceContext={c.priceContext} unavailable={c.unavailable} />
            <CheckoutForm c={c} />
          </div>
          <footer className="space-y-2 border-t border-cream-200 bg-white px-5 py-4 shadow-[0_-8px_24px_-12px_rgba(0,0,0,0.25)]">
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between">
                <dt>{t.subtotal}</dt>
                <dd data-testid="subtotal">{formatEuro(c.subtotal)}</dd>
              </div>
              {c.deliveryMethod === 'delivery' && (
                <div className="flex justify-between">
                  <dt>{t.deliveryFee}</dt>
                  <dd data-testid="delivery-fee">
                    {c.deliveryFee === null
                      ? t.deliveryFeeUnknown
                      : c.deliveryFee === 0
                        ? t.free
                        : formatEuro(c.deliveryFee)}
                  </dd>
                </div>
              )}
              <div className="flex justify-between text-lg font-bold">
                <dt>{t.total}</dt>
                <dd data-testid="grand-total">{formatEuro(c.grandTotal)}</dd>
              </div>
            </dl>
            {c.minimumWarning && (
              <p
                role="status"
                data-testid="minimum-warning"
                className="rounded-lg bg-flame-600/10 p-2 text-sm font-semibold text-flame-700"
              >
                {c.minimumWarning}
              </p>
            )}
            {c.estimate && (
              <p data-testid="estimate" className="text-sm font-semibold text-herb-700">
                {c.estimate}
              </p>
            )}
            {!c.orderBlocked && (c.changes.length > 0 || c.unavailable.size > 0) && (
              <p
                id="order-blocked"
                role="status"
                data-testid="order-blocked"
                className="rounded-lg bg-ember-600/10 p-2 text-sm font-semibold text-ember-700"
              >
                {c.changes.length > 0 ? t.changesBlock : t.unavailableBlock}
              </p>
            )}
            {c.orderBlocked && (
              <p
                id="order-blocked"
                role="status"
                data-testid="order-blocked"
                className="rounded-lg bg-ember-600/10 p-2 text-sm font-semibold text-ember-700"
              >
                {t.orderBlocked(c.orderBlocked)}
              </p>
            )}
            <button
              type="submit"
              disabled={c.buttonDisabled}
              aria-describedby={
                c.orderBlocked || c.changes.length > 0 || c.unavailable.size > 0 ? 'order-blocked' : undefined
              }
              data-testid="order-button"
              className={buttonClass('primary', 'lg', 'w-full')}
            >
              {c.submitting ? t.ordering : c.checkout.isPreorder ? t.orderPreorder : t.order}
            </button>
          </footer>
        </form>
      )}
    </dialog>
  );
}
