import { create } from 'zustand';
import { promotionsText } from '../../i18n/fr-promotions.js';
import { consentToPromotionsForOrder } from '../../lib/data.js';

const t = promotionsText.checkout;

/** The cart's consent box: off by default, and off again after each order (a consent is given, never assumed). */
const useConsentBox = create<{ ticked: boolean; set(ticked: boolean): void }>((set) => ({
  ticked: false,
  set: (ticked) => set({ ticked }),
}));

/**
 * After the order is placed: the consent, if ticked, for the order's e-mail (the database takes it only from the
 * client that placed the order, within 30 minutes). A failure leaves the order as it is: no consent is recorded.
 */
export function recordCheckoutConsent(orderId: string): void {
  const { ticked, set } = useConsentBox.getState();
  set(false);
  if (ticked)
    void consentToPromotionsForOrder(orderId).catch((e: unknown) =>
      // The order is placed; the consent can be given again from the profile or the next order.
      console.warn('Consent to promotions not recorded:', e),
    );
}

/** Shown only when the order will carry an e-mail (typed by a guest, or the account's). */
export function PromotionConsentField({ email, disabled }: { email: string; disabled: boolean }) {
  const { ticked, set } = useConsentBox();
  if (!email.trim()) return null;
  return (
    <div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          data-testid="checkout-promotion-consent"
          aria-describedby="checkout-promotion-consent-hint"
          checked={ticked}
          disabled={disabled}
          onChange={(e) => set(e.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-flame-600"
        />
        <span>{t.label}</span>
      </label>
      {/* Outside the label: the box's name stays short, and « e-mail » names only the e-mail field. */}
      <p id="checkout-promotion-consent-hint" className="mt-1 pl-8 text-xs text-charcoal-600">
        {t.hint}
      </p>
    </div>
  );
}
