import { useState } from 'react';
import {
  useMenuQuery,
  usePlaceOrderMutation,
  useStoreSettingsQuery,
  useSlotAvailabilityQuery,
  useOpeningScheduleQuery,
  refusalOf,
} from '../../lib/data.js';
import { cartSubtotal } from '../../../shared/domain/cart.js';
import { effectiveDeliveryMethod } from '../../../shared/domain/delivery-method.js';
import { deliveryFeeFor } from '../../../shared/domain/delivery-zones.js';
import { formatLongDateFr } from '../../../shared/domain/french-dates.js';
import { luxembourgDate } from '../../../shared/domain/luxembourg-time.js';
import { minimumOrderWarning } from '../../../shared/domain/minimum-order.js';
import { sumEuros } from '../../../shared/domain/money.js';
import {
  isOrderButtonDisabled,
  newOrderRequestId,
  orderRequestFromCart,
} from '../../../shared/domain/order-request.js';
import { validateOrder } from '../../../shared/domain/order-validation.js';
import type { CustomerInfo } from '../../../shared/domain/customer.js';
import { DEFAULT_STORE_SETTINGS } from '../../../shared/domain/store-settings.js';
import { fr } from '../../i18n/fr.js';
import { toast, toastFailure } from '../../components/ui/toast-store.js';
import { useSession } from '../../lib/session.js';
import { useCartStore } from '../../stores/cart-store.js';
import { useCheckoutStore } from '../../stores/checkout-store.js';
import { useCartPanel } from '../../stores/cart-panel-store.js';
import { useNowAs } from '../../../shared/ui/render-clock.js';
import { closedNowNotice, luxembourgTimeOf, slotWindow } from '../../lib/ordering-state.js';

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
  const menu = useMenuQuery().data;
  const schedule = useOpeningScheduleQuery().data;
  const placeOrder = usePlaceOrderMutation();
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
  const orderBlocked = checkout.isPreorder ? null : !orderingEnabled ? fr.store.closedTitle : closedNow;
  // The counter's current estimate: its default preparation time from now, in the slot place_order counts.
  const slot = orderBlocked || checkout.isPreorder ? null : slotWindow(kitchenFullUntil ?? asap?.slot ?? '');
  const estimate = slot ? fr.cart.estimate(deliveryMethod, slot.from, slot.to) : null;
  const serviceDate = checkout.isPreorder && checkout.preorderDate ? checkout.preorderDate : luxembourgDate(new Date());
  const priceContext = { method: deliveryMethod, date: serviceDate, specialPrices: menu?.specialPrices };
  const subtotal = cartSubtotal(items, priceContext);
  const zoneQuote = deliveryFeeFor(checkout.customer.city, settings.delivery_zones, checkout.customer.postalCode);
  const deliveryFee = deliveryMethod === 'delivery' ? zoneQuote.fee : 0;
  const grandTotal = sumEuros([subtotal, deliveryFee ?? 0]);
  const minimumWarning = items.length > 0 ? minimumOrderWarning(subtotal, deliveryMethod) : null;
  const buttonDisabled =
    items.length === 0 ||
    orderBlocked !== null ||
    isOrderButtonDisabled({
      submitting: placeOrder.isPending,
      subtotal,
      deliveryMethod,
      orderingEnabled,
      isPreorder: checkout.isPreorder,
    });

  const submit = () => {
    const request = orderRequestFromCart(items, {
      customer: checkout.customer,
      deliveryMethod,
      paymentMethod: checkout.paymentMethod,
      isPreorder: checkout.isPreorder,
      preorderDate: checkout.preorderDate || null,
      preorderTime: checkout.preorderTime || null,
    });
    // Instant answer in the spec's order; the server checks again and its answer is final.
    if (menu) {
      const check = validateOrder({
        now: new Date(),
        settings,
        menu: menu.items,
        specialPrices: menu.specialPrices,
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
          const when =
            request.isPreorder && request.preorderDate && request.preorderTime
              ? fr.cart.successPreorder(formatLongDateFr(request.preorderDate), request.preorderTime)
              : order.ready_at
                ? `${fr.cart.successText} ${fr.cart.readyAt(deliveryMethod, luxembourgTimeOf(order.ready_at))}`
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
        },
        // A slot that filled up meanwhile: the data layer reads the free times again.
        onError: (e) => {
          setFieldError(fieldErrorOf(refusalOf(e)));
          toastFailure(refusalOf(e), fr.cart);
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
