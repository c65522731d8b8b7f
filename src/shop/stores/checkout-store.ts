import { create } from 'zustand';
import { EMPTY_CUSTOMER_INFO as EMPTY_CUSTOMER, type CustomerInfo } from '../../shared/domain/customer.js';
import type { DeliveryMethod, PaymentMethod } from '../../shared/domain/delivery-method.js';

export interface CheckoutState {
  customer: CustomerInfo;
  paymentMethod: PaymentMethod;
  /** undefined until the customer picks one; the shared rule then starts on delivery. */
  deliveryMethod: DeliveryMethod | undefined;
  isPreorder: boolean;
  preorderDate: string;
  preorderTime: string;
  setCustomer(patch: Partial<CustomerInfo>): void;
  set(patch: Partial<Omit<CheckoutState, 'set' | 'setCustomer' | 'resetAfterOrder'>>): void;
  /** After an order: everything back to defaults; contact details kept only for a signed-in customer. */
  resetAfterOrder(keepContact: boolean): void;
}

export const useCheckoutStore = create<CheckoutState>((set) => ({
  customer: EMPTY_CUSTOMER,
  paymentMethod: 'cash',
  deliveryMethod: undefined,
  isPreorder: false,
  preorderDate: '',
  preorderTime: '',
  setCustomer: (patch) => set((s) => ({ customer: { ...s.customer, ...patch } })),
  set: (patch) => set(patch),
  resetAfterOrder: (keepContact) =>
    set((s) => ({
      customer: keepContact ? { ...s.customer, notes: '' } : EMPTY_CUSTOMER,
      paymentMethod: 'cash',
      deliveryMethod: undefined,
      isPreorder: false,
      preorderDate: '',
      preorderTime: '',
    })),
}));
