import '../zod-setup.js';
import { z } from 'zod';

/**
 * The one list of order statuses, in the order the admin select shows them. The words each app shows
 * for a status live in its catalogue (the shop's `fr.orderStatus`, the admin's `status.*` keys), typed
 * or tested over this list; the database's check constraint is tested against it.
 *
 * The spec spells some statuses differently from screen to screen (Livré/Livrée, Annulé/Annulée,
 * Acceptée, Prête). We keep one spelling per status; the feminine forms agree with "commande".
 * normaliseStatus() reads every variant, so old rows and other screens map onto this list.
 * docs/STATUSES.md explains the mapping.
 */
export const ORDER_STATUSES = [
  'En attente',
  'Bien reçu',
  'En préparation',
  'Prêt',
  'Prête pour Livraison',
  'En livraison',
  'Livrée',
  'Annulée',
] as const;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const INITIAL_ORDER_STATUS: OrderStatus = 'En attente';

export type StatusBadgeColour = 'yellow' | 'blue' | 'green' | 'red';
export type SmsTemplateKey = 'preparation' | 'ready' | 'out_for_delivery';

export interface OrderStatusInfo {
  status: OrderStatus;
  badge: StatusBadgeColour;
  /** Final statuses end the tracking page's 30 s polling. */
  isFinal: boolean;
  /** Active statuses count in the admin sidebar's badge. */
  isActive: boolean;
  sms?: SmsTemplateKey;
}

const info = (i: OrderStatusInfo) => i;

export const ORDER_STATUS_INFO: Record<OrderStatus, OrderStatusInfo> = {
  'En attente': info({
    status: 'En attente',
    badge: 'yellow',
    isFinal: false,
    isActive: true,
  }),
  'Bien reçu': info({
    status: 'Bien reçu',
    badge: 'yellow',
    isFinal: false,
    isActive: true,
  }),
  'En préparation': info({
    status: 'En préparation',
    badge: 'yellow',
    isFinal: false,
    isActive: true,
    sms: 'preparation',
  }),
  Prêt: info({
    status: 'Prêt',
    badge: 'yellow',
    isFinal: false,
    isActive: true,
    sms: 'ready',
  }),
  'Prête pour Livraison': info({
    status: 'Prête pour Livraison',
    badge: 'yellow',
    isFinal: false,
    isActive: true,
  }),
  'En livraison': info({
    status: 'En livraison',
    badge: 'blue',
    isFinal: false,
    isActive: true,
    sms: 'out_for_delivery',
  }),
  Livrée: info({
    status: 'Livrée',
    badge: 'green',
    isFinal: true,
    isActive: false,
  }),
  Annulée: info({
    status: 'Annulée',
    badge: 'red',
    isFinal: true,
    isActive: false,
  }),
};

/** Spellings found elsewhere in the spec, mapped onto the canonical list. */
export const STATUS_VARIANTS: Readonly<Record<string, OrderStatus>> = {
  Livré: 'Livrée',
  Annulé: 'Annulée',
  Acceptée: 'Bien reçu',
  Prête: 'Prêt',
};

const byLowerCase = new Map<string, OrderStatus>([
  ...ORDER_STATUSES.map((s) => [s.toLocaleLowerCase('fr'), s] as const),
  ...Object.entries(STATUS_VARIANTS).map(([raw, s]) => [raw.toLocaleLowerCase('fr'), s] as const),
]);

/** The canonical status for any spelling the spec uses (trimmed, case-insensitive); null if unknown. */
export function normaliseStatus(raw: unknown): OrderStatus | null {
  if (typeof raw !== 'string') return null;
  return byLowerCase.get(raw.trim().normalize('NFC').toLocaleLowerCase('fr')) ?? null;
}

export function orderStatusInfo(raw: unknown): OrderStatusInfo | null {
  const status = normaliseStatus(raw);
  return status ? ORDER_STATUS_INFO[status] : null;
}

export const ACTIVE_ORDER_STATUSES = ORDER_STATUSES.filter((s) => ORDER_STATUS_INFO[s].isActive);
export const FINAL_ORDER_STATUSES = ORDER_STATUSES.filter((s) => ORDER_STATUS_INFO[s].isFinal);

/**
 * Every stored spelling that counts as active, for the badge's `status in (...)` query, so rows
 * written with a variant ("Acceptée", "Prête") are still counted.
 */
export const ACTIVE_STATUS_SPELLINGS: readonly string[] = [
  ...ACTIVE_ORDER_STATUSES,
  ...Object.entries(STATUS_VARIANTS)
    .filter(([, s]) => ORDER_STATUS_INFO[s].isActive)
    .map(([raw]) => raw),
];

/** Tracking keeps polling unless the status is final; an unknown status keeps polling too. */
export function shouldKeepPolling(raw: unknown): boolean {
  return !(orderStatusInfo(raw)?.isFinal ?? false);
}

/** Yellow for anything unknown, as the admin detail does for "otherwise". */
export function statusBadgeColour(raw: unknown): StatusBadgeColour {
  return orderStatusInfo(raw)?.badge ?? 'yellow';
}
