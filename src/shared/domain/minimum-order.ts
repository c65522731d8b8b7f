import type { DeliveryMethod } from './delivery-method.js';
import { formatEuroCompact, fromCents, toCents } from './money.js';
import { minimumNotMetMessage } from './refusals.js';

/** On the subtotal, before the delivery fee. Pickup has no minimum. */
export const MINIMUM_ORDER: Record<DeliveryMethod, number> = { delivery: 20, pickup: 0 };

export function missingForMinimum(subtotal: number, method: DeliveryMethod): number {
  return fromCents(Math.max(0, toCents(MINIMUM_ORDER[method]) - toCents(subtotal)));
}

/**
 * 'Il vous manque 4,50€ pour atteindre le minimum de 20,00€ pour la commande.' Amounts use two
 * decimals with a comma and the € sign glued on, as the spec writes "X€"; null when reached.
 */
export function minimumOrderWarning(subtotal: number, method: DeliveryMethod): string | null {
  const missing = missingForMinimum(subtotal, method);
  if (missing <= 0) return null;
  return minimumNotMetMessage(formatEuroCompact(missing), formatEuroCompact(MINIMUM_ORDER[method]));
}
