import type { TakingsCsvWords } from '../../shared/domain/takings.js';

/**
 * The takings CSV's headings (Rapports, « Exporter CSV »): French in both admin languages, since the file goes to
 * the accountant (Excel FR/LU opens it as is). The layout of the file is `takingsCsv` in src/shared/domain.
 */
export const TAKINGS_CSV_FR: TakingsCsvWords = {
  fileStem: 'recettes',
  title: 'Rapport de recettes',
  from: 'Du',
  to: 'Au',
  timeZone: 'Fuseau horaire',
  generatedAt: 'Généré le',
  note: 'Recettes = commandes livrées (statut Livrée); montants TTC en euros',
  summary: 'Résumé',
  orders: 'Commandes',
  amount: 'Montant (EUR)',
  amountInclVat: 'Montant TTC (EUR)',
  periodOrders: 'Commandes de la période (tous statuts)',
  takings: 'Recettes TTC',
  goods: 'Articles',
  deliveryFees: 'Frais de livraison',
  discounts: 'Remises',
  averageTicket: 'Ticket moyen',
  cancelled: 'Annulées (hors recettes)',
  open: 'En cours (hors recettes)',
  payment: 'Paiement',
  paymentMethods: { cash: 'Espèces', card: 'Carte' },
  method: 'Mode',
  deliveryMethods: { delivery: 'Livraison', pickup: 'À emporter' },
  vatRate: 'Taux TVA (%)',
  vatBase: 'Base HT (EUR)',
  vat: 'TVA (EUR)',
  vatTotal: 'Total TTC (EUR)',
  total: 'Total',
  day: 'Jour',
  dish: 'Plat',
  quantity: 'Quantité',
  hour: 'Heure',
  hourLabel: (hour) => `${hour}h`,
};
