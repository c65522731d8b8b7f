import { useState } from 'react';
import {
  useMenuQuery,
  usePlaceOrderMutation,
  useStoreSettingsQuery,
  useSlotAvailabilityQuery,
  useOpeningScheduleQuery,
  refusalOf,
} from '../../lib/data.js';
import { useEffect } from 'react';
import { cartAgainstMenu, cartSubtotal, markCartSeen, type CartLineChange } from '../../../shared/domain/cart.js';
import type { CartItem } from '../../../shared/domain/cart-item.js';
import type { Menu } from '../../../shared/data/menu.js';
import { effectiveDeliveryMethod } from '../../../shared/domain/delivery-method.js';
import { deliveryFeeFor } from '../../../shared/domain/delivery-zones.js';
import { formatLongDateFr } from '../../../shared/domain/french-dates.js';
import { restaurantClock, restaurantDate } from '../../../shared/domain/restaurant-time.js';
import { minimumOrderWarning } from '../../../shared/domain/minimum-order.js';
import { sumEuros } from '../../../shared/domain/money.js';
import {
  isOrderButtonDisabled,
  newOrderRequestId,
  orderRequestFromCart,
} from '../../../shared/domain/order-request.js';
import { validateOrder } from '../../../shared/domain/order-validation.js';
import type { CustomerInfo } from '../../../shared/domain/customer.js';
import { activeBusyMode, DEFAULT_STORE_SETTINGS } from '../../../shared/domain/store-settings.js';
import { fr } from '../../i18n/fr.js';
import { toast, toastFailure } from '../../components/ui/toast-store.js';
import { useSession } from '../../lib/session.js';
import { useCartStore } from '../../stores/cart-store.js';
import { useCheckoutStore } from '../../stores/checkout-store.js';
import { useCartPanel } from '../../stores/cart-panel-store.js';
import { useNowAs } from '../../../shared/ui/render-clock.js';
import { useNavigate } from 'react-router-dom';
import { closedNowNotice, restaurantTimeOf, slotWindow } from '../../lib/ordering-state.js';
import { recordCheckoutConsent } from './promotion-consent-field.js';

const ORDER_TOAST_MS = 9000;

/**
 * The request id of the order being sent. Pressing the button again after an error sends the same
 * order under the same id (the database then places it at most once); any change to the cart or
 * the form makes it a new order with a new id.
 */
let lastRequest: { content: string; id: string } | null = null;
function requestIdFor(content: string): string {
  if (lastRequest?.content !== content) lastRequest = { content, id: newOrderRequestId() };
  return lastRequest.id;
}

/** The contact field a refusal is about: its message shows under that field too, until the field changes. */
const FIELD_OF_REFUSAL: Partial<Record<string, keyof CustomerInfo>> = {
  invalid_name: 'name',
  invalid_phone: 'phone',
  invalid_postal_code: 'postalCode',
  invalid_email: 'email',
};
export interface FieldError {
  field: keyof CustomerInfo;
  message: string;
}
const fieldErrorOf = (r: { code: string; message: string } | null | undefined): FieldError | null => {
  const field = r ? FIELD_OF_REFUSAL[r.code] : undefined;
  return r && field ? { field, message: r.message } : null;
};

/** Everything the cart panel shows and does, derived from the cart, the form and the live settings. */
export function useCheckout() {
  const items = useCartStore((s) => s.items);
  const checkout = useCheckoutStore();
  const settings = useStoreSettingsQuery().data ?? DEFAULT_STORE_SETTINGS;
  const menuQuery = useMenuQuery();
  const menu = menuQuery.data;
  const refetchMenu = menuQuery.refetch;
  const schedule = useOpeningScheduleQuery().data;
  const placeOrder = usePlaceOrderMutation();
  const navigate = useNavigate();
  const { status } = useSession();
  const [fieldError, setFieldError] = useState<FieldError | null>(null);

  const deliveryEnabled = settings.delivery_options.is_enabled;
  const orderingEnabled = settings.ordering.is_enabled;
  const deliveryMethod = effectiveDeliveryMethod(checkout.deliveryMethod, deliveryEnabled);
  // An immediate order when the kitchen is full goes to the next free time, shown before it is placed.
  const asap = useSlotAvailabilityQuery(deliveryMethod, null, !checkout.isPreorder).data?.asap;
  const kitchenFullUntil = asap?.full ? asap.next_free : null;
  // Outside the ordering hours (or on a dated closure) an order for now is impossible: said before the form.
  const closedNow = useNowAs((now) => (schedule ? closedNowNotice(new Date(now), schedule) : null));
  // The counter paused immediate orders (busy mode): an order for now waits for the end of the pause or a pre-order.
  const pausedUntil = useNowAs((now) => {
    const until = activeBusyMode(settings.busy_mode, new Date(now)).pausedUntil;
    return until ? restaurantClock(until).time : null;
  });
  const orderBlocked = checkout.isPreorder
    ? null
    : !orderingEnabled
      ? fr.store.closedTitle
      : (closedNow ?? (pausedUntil ? fr.store.busyPausedReason(pausedUntil) : null));
  // The counter's current estimate: its default preparation time from now, in the slot place_order counts.
  const slot = orderBlocked || checkout.isPreorder ? null : slotWindow(kitchenFullUntil ?? asap?.slot ?? '');
  const estimate = slot ? fr.cart.estimate(deliveryMethod, slot.from, slot.to) : null;
  const serviceDate = checkout.isPreorder && checkout.preorderDate ? checkout.preorderDate : restaurantDate(new Date());
  const priceContext = { method: deliveryMethod, date: serviceDate, specialPrices: menu?.specialPrices };
  // The lines at the live menu's prices (the menu follows the counter's changes while the page is open), the
  // dishes that can no longer be ordered, and what changed since the customer last saw the cart.
  const priced = pricedCart(items, menu, priceContext);
  const orderable = priced.lines.filter((l) => !priced.unavailable.has(l.uniqueId));
  const subtotal = cartSubtotal(orderable, priceContext);
  const zoneQuote = deliveryFeeFor(checkout.customer.city, settings.delivery_zones, checkout.customer.postalCode);
  const deliveryFee = deliveryMethod === 'delivery' ? zoneQuote.fee : 0;
  const grandTotal = sumEuros([subtotal, deliveryFee ?? 0]);
  const changes = priced.changes;
  const unseenLines =
    menu !== undefined &&
    changes.length === 0 &&
    items.some((l) => !l.seenOffers && !priced.unavailable.has(l.uniqueId));

  // The menu is read again each time the cart opens.
  useEffect(() => {
    void refetchMenu();
  }, [refetchMenu]);
  // Lines added before the cart was first shown with the live menu: what it shows now is what the customer sees.
  useEffect(() => {
    if (unseenLines && menu) useCartStore.getState().setItems(markCartSeen(items, menu.items, menu.specialPrices));
  }, [unseenLines, menu, items]);
  /** The customer has read the notice: the new prices become the ones seen. */
  const acknowledgeChanges = () => {
    if (menu)
      useCartStore.getState().setItems(markCartSeen(useCartStore.getState().items, menu.items, menu.specialPrices));
  };
  const minimumWarning = items.length > 0 ? minimumOrderWarning(subtotal, deliveryMethod) : null;
  const buttonDisabled =
    items.length === 0 ||
    orderBlocked !== null ||
    changes.length > 0 ||
    priced.unavailable.size > 0 ||
    isOrderButtonDisabled({
      submitting: placeOrder.isPending,
      subtotal,
      deliveryMethod,
      orderingEnabled,
      isPreorder: checkout.isPreorder,
    });

  const submit = async () => {
    // The menu is read again right before sending: a change since the cart was shown is told, not sent.
    const fresh = (await refetchMenu()).data ?? menu;
    const now = pricedCart(items, fresh, { ...priceContext, specialPrices: fresh?.specialPrices });
    if (now.changes.length > 0 || now.unavailable.size > 0) return;
    const seenTotal = sumEuros([
      cartSubtotal(now.lines, { ...priceContext, specialPrices: fresh?.specialPrices }),
      deliveryFee ?? 0,
    ]);
    const request = orderRequestFromCart(items, {
      customer: checkout.customer,
      deliveryMethod,
      paymentMethod: checkout.paymentMethod,
      isPreorder: checkout.isPreorder,
      preorderDate: checkout.preorderDate || null,
      preorderTime: checkout.preorderTime || null,
    });
    // The total the customer sees: the server refuses the order if its own total differs (a change racing the send).
    if (deliveryFee !== null) request.expectedTotal = seenTotal;
    // Instant answer in the spec's order; the server checks again and its answer is final.
    if (fresh) {
      const check = validateOrder({
        now: new Date(),
        settings,
        menu: fresh.items,
        specialPrices: fresh.specialPrices,
        order: request,
        schedule,
      });
      if (!check.ok) {
        setFieldError(fieldErrorOf(check));
        toast({ title: check.title, description: check.message, variant: 'destructive' });
        return;
      }
    }
    const requestId = requestIdFor(JSON.stringify(request));
    placeOrder.mutate(
      { ...request, requestId, ...(kitchenFullUntil && !request.isPreorder ? { asapSlot: kitchenFullUntil } : {}) },
      {
        onSuccess: (order) => {
          lastRequest = null;
          recordCheckoutConsent(order.id);
          const when =
            request.isPreorder && request.preorderDate && request.preorderTime
              ? fr.cart.successPreorder(formatLongDateFr(request.preorderDate), request.preorderTime)
              : order.ready_at
                ? `${fr.cart.successText} ${fr.cart.readyAt(deliveryMethod, restaurantTimeOf(order.ready_at))}`
                : [fr.cart.successText, estimate, fr.cart.estimateConfirmed].filter(Boolean).join(' ');
          toast({
            title: fr.cart.successTitle,
            description: `${when} ${fr.cart.orderNumber(order.order_number)}`,
            variant: 'success',
            duration: ORDER_TOAST_MS,
          });
          useCartStore.getState().setItems([]);
          checkout.resetAfterOrder(status === 'signedIn');
          useCartPanel.getState().close();
          // The order's own page (its full id is the link): the confirmation survives a reload and can be shared.
          navigate(`/commande/${order.id}`);
        },
        // A slot that filled up meanwhile: the data layer reads the free times again.
        onError: (e) => {
          const refusal = refusalOf(e);
          // A price changed between the last read and the order: read the menu again, the notice lists it.
          if (refusal?.code === 'total_changed') void refetchMenu();
          setFieldError(fieldErrorOf(refusal));
          toastFailure(refusal, fr.cart);
        },
      },
    );
  };

  return {
    items,
    checkout,
    settings,
    schedule,
    deliveryEnabled,
    orderingEnabled,
    deliveryMethod,
    priceContext,
    lines: priced.lines,
    unavailable: priced.unavailable,
    changes,
    acknowledgeChanges,
    subtotal,
    zoneQuote,
    deliveryFee,
    grandTotal,
    minimumWarning,
    buttonDisabled,
    submitting: placeOrder.isPending,
    kitchenFullUntil,
    orderBlocked,
    estimate,
    submit,
    fieldError,
    clearFieldError: () => setFieldError(null),
  };
}

export type Checkout = ReturnType<typeof useCheckout>;

function pricedCart(
  items: readonly CartItem[],
  menu: Menu | undefined,
  ctx: Parameters<typeof cartAgainstMenu>[2],
): { lines: CartItem[]; unavailable: ReadonlySet<string>; changes: CartLineChange[] } {
  return menu ? cartAgainstMenu(items, menu.items, ctx) : { lines: [...items], unavailable: new Set(), changes: [] };
}
