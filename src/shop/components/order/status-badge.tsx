import { normaliseStatus, statusBadgeColour } from '../../../shared/domain/order-status.js';
import { fr } from '../../i18n/fr.js';

const colours = {
  yellow: 'bg-amber-100 text-amber-900 ring-amber-300',
  blue: 'bg-sky-100 text-sky-900 ring-sky-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
} as const;

export function StatusBadge({ status, deliveryMethod }: { status: string; deliveryMethod?: string | null }) {
  const known = normaliseStatus(status);
  const label = known ? fr.orderStatusFor(known, deliveryMethod).label : status;
  return (
    <span
      data-testid="status-badge"
      className={`inline-block rounded-full px-3 py-1 text-xs font-bold ring-1 ${colours[statusBadgeColour(status)]}`}
    >
      {label}
    </span>
  );
}
