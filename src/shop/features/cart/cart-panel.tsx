import { useEffect, useRef, type FormEvent } from 'react';
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
import { inertOutside, keepTabInside } from '../../lib/inert-outside.js';

const t = fr.cart;

/** Slides in from the right; the page behind does not scroll while it is open. */
export default function CartPanel() {
  const close = useCartPanel((s) => s.close);
  const c = useCheckout();
  const panel = useRef<HTMLDivElement>(null);
  const changesNotice = useRef<HTMLDivElement>(null);
  usePrefill();
  // A change arriving while the customer is further down the form: the notice is brought into view.
  const changeCount = c.changes.length;
  useEffect(() => {
    if (changeCount > 0) changesNotice.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [changeCount]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // Tab stays in the panel: the page behind is inert while it is open.
    const restore = panel.current?.parentElement ? inertOutside(panel.current.parentElement) : () => {};
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      else if (panel.current) keepTabInside(panel.current, e);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      restore();
      previous?.focus?.();
    };
  }, [close]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void c.submit();
  };

  return (
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 animate-fade-in bg-charcoal-950/60" onClick={close} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-title"
        tabIndex={-1}
        data-testid="cart-panel"
        className="absolute inset-y-0 right-0 flex w-full max-w-md animate-slide-in-right flex-col bg-cream-50 shadow-2xl outline-none"
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
      </div>
    </div>
  );
}
