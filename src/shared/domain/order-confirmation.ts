import { formatLongDateFr, formatTimeFr } from './french-dates.js';

export const ORDER_PLACED_TITLE = 'Commande passée avec succès !';
export const ORDER_PLACED_TOAST_MS = 9000;
export const ESTIMATED_PREPARATION = 'Délai estimé : 30-60 minutes.';

/** The success toast's text: the pre-order's day and time, or the usual preparation estimate. */
export function orderPlacedMessage(order: {
  isPreorder: boolean;
  preorderDate: string | null;
  preorderTime: string | null;
}): string {
  if (order.isPreorder && order.preorderDate && order.preorderTime) {
    return `Votre pré-commande est confirmée pour le ${formatLongDateFr(order.preorderDate)} à ${formatTimeFr(order.preorderTime)}.`;
  }
  return `Votre commande est en cours de préparation. ${ESTIMATED_PREPARATION}`;
}

export const ORDER_FAILED = {
  title: 'Erreur de commande',
  message: "Une erreur s'est produite. Veuillez réessayer.",
} as const;
