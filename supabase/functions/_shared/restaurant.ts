// Mirrors RESTAURANT in src/shared/domain/restaurant.ts and the customer tracking texts of
// src/shared/domain/order-status.ts (a unit test keeps them equal): e-mails say what the shop says.

export const RESTAURANT = {
  name: 'Churrasqueira Differdange',
  street: '12, Avenue de la Liberté',
  postalCode: 'L-4601',
  city: 'Differdange',
  country: 'Luxembourg',
  phoneDisplay: '+352 26 58 40 12',
  phone: '+35226584012',
  email: 'contact@churrasqueira-differdange.lu',
  address: '12, Avenue de la Liberté, L-4601 Differdange',
} as const;

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
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TRACKING: Record<OrderStatus, { label: string; description: string }> = {
  'En attente': {
    label: 'En attente',
    description: 'Votre commande a bien été envoyée. Le restaurant va la confirmer dans quelques instants.',
  },
  'Bien reçu': {
    label: 'Commande reçue',
    description: 'Le restaurant a bien reçu votre commande. Elle sera préparée très bientôt.',
  },
  'En préparation': {
    label: 'En préparation',
    description: 'Nos cuisiniers préparent votre commande. Le poulet est sur le grill !',
  },
  Prêt: {
    label: 'Prêt pour livraison',
    description: 'Votre commande est prête. Elle vous attend au restaurant ou partira très vite en livraison.',
  },
  'Prête pour Livraison': {
    label: 'Prêt pour livraison',
    description: 'Votre commande est prête et attend notre livreur. Elle partira dans quelques minutes.',
  },
  'En livraison': {
    label: 'En cours de livraison',
    description: 'Notre livreur est en route avec votre commande. Bon appétit dans quelques minutes !',
  },
  Livrée: { label: 'Livrée', description: 'Votre commande a été livrée ou remise. Merci et bon appétit !' },
  Annulée: { label: 'Annulée', description: 'Cette commande a été annulée. Pour toute question, appelez-nous.' },
};

const VARIANTS: Record<string, OrderStatus> = {
  livré: 'Livrée',
  annulé: 'Annulée',
  acceptée: 'Bien reçu',
  prête: 'Prêt',
};

/** The canonical status for any spelling the spec uses; null when unknown. */
export function normaliseStatus(raw: unknown): OrderStatus | null {
  if (typeof raw !== 'string') return null;
  const key = raw.trim().normalize('NFC').toLocaleLowerCase('fr');
  return ORDER_STATUSES.find((s) => s.toLocaleLowerCase('fr') === key) ?? VARIANTS[key] ?? null;
}

export const PAYMENT_LABELS: Record<string, string> = { cash: 'Espèces', card: 'Carte bancaire' };
export const DELIVERY_LABELS: Record<string, string> = { delivery: 'Livraison', pickup: 'À emporter' };
