import { useEffect } from 'react';
import { useCustomerPrefillQuery } from '../../lib/data.js';
import { phoneForDisplay } from '../../../shared/domain/contact-fields.js';
import { useSession } from '../../lib/session.js';
import { useCheckoutStore } from '../../stores/checkout-store.js';

/** A signed-in customer's contact details from their latest order fill the fields left empty. */
export function usePrefill(): void {
  const { status, email } = useSession();
  const prefill = useCustomerPrefillQuery(status === 'signedIn').data;
  useEffect(() => {
    if (status !== 'signedIn') return;
    const { customer, setCustomer } = useCheckoutStore.getState();
    const fill = (current: string, value: string | null | undefined) => (current.trim() ? current : (value ?? ''));
    setCustomer({
      email: email ?? '',
      name: fill(customer.name, prefill?.name),
      phone: fill(customer.phone, prefill?.phone && phoneForDisplay(prefill.phone)),
      address: fill(customer.address, prefill?.address),
      postalCode: fill(customer.postalCode, prefill?.postalCode),
      city: fill(customer.city, prefill?.city),
    });
  }, [status, email, prefill]);
}
