import { useStoreSettingsQuery } from '../lib/data.js';
import { fr } from '../i18n/fr.js';

/** Tells the customer, live, when the shop stops taking orders or deliveries. */
export function StoreNotice({ className = '' }: { className?: string }) {
  const { data } = useStoreSettingsQuery();
  if (!data) return null;
  const closed = !data.ordering.is_enabled;
  const noDelivery = !data.delivery_options.is_enabled;
  if (!closed && !noDelivery) return null;
  return (
    <div
      role="status"
      data-testid="store-notice"
      className={`space-y-1 rounded-xl border-l-4 border-ember-600 bg-ember-600/10 p-4 text-sm text-charcoal-900 ${className}`}
    >
      {closed && (
        <p>
          <strong>{fr.store.closedTitle}.</strong> {fr.store.closedText}
        </p>
      )}
      {noDelivery && (
        <p>
          <strong>{fr.store.deliveryOffTitle}.</strong> {fr.store.deliveryOffText}
        </p>
      )}
    </div>
  );
}
