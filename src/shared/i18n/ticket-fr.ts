import { formatDateFr, formatLongDateFr } from '../domain/french-dates.js';
import type { TicketWords } from '../domain/ticket-words.js';

/*
 * The tickets' catalogue: every word the 80 mm papers print (order ticket, kitchen ticket, pre-order slip, day
 * summary, kitchen summary), in French as the spec shows them, for the kiosk (ESC/POS) and the admin's print
 * pages (HTML) alike. The layouts in src/shared/domain place the lines; tests/kiosk and tests/unit/domain
 * compare the printed bytes and texts.
 */

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const TICKET_FR: TicketWords = {
  order: {
    restaurantPhone: (phone) => `Tél. ${phone}`,
    kitchen: 'CUISINE',
    orderNumber: (number) => `Commande n° ${number}`,
    deliveryMethods: { delivery: 'Livraison', pickup: 'À emporter' },
    paymentMethods: { cash: 'Espèces', card: 'Carte bancaire' },
    preorder: 'PRÉ-COMMANDE',
    preorderDay: (longDate) => `Pour le ${longDate}`,
    preorderTime: (time, date) => `à ${time} (${date})`,
    readyAt: (method, time, day) =>
      `${method === 'delivery' ? 'Livrée vers' : 'Prête à'} ${time}${day ? ` le ${day}` : ''}`,
    customer: (name) => `Client : ${name}`,
    customerPhone: (phone) => `Tél. : ${phone}`,
    notes: 'Remarques :',
    subtotal: 'Sous-total',
    deliveryFee: 'Frais de livraison',
    discount: (percentage) => `Remise (${percentage} %)`,
    total: 'TOTAL',
    payment: (method) => `Paiement : ${method}`,
    thanks: 'Merci et bon appétit !',
    preorderReceived: 'PRÉ-COMMANDE REÇUE',
    kitchenTicketsAt: (dateTime) => `Tickets de cuisine le ${dateTime}`,
  },
  daySummary: {
    title: (oneDay) => (oneDay ? 'RÉSUMÉ DU JOUR' : 'RÉSUMÉ DE LA PÉRIODE'),
    period: (from, to) =>
      from === to ? capitalised(formatLongDateFr(from)) : `Du ${formatDateFr(from)} au ${formatDateFr(to)}`,
    printedAt: (dateTime) => `Imprimé le ${dateTime}`,
    deliveredOrders: 'Commandes livrées',
    takings: 'Recettes TTC',
    averageTicket: 'Ticket moyen',
    payment: 'Paiement',
    paymentMethods: { cash: 'Espèces', card: 'Carte' },
    method: 'Mode',
    deliveryMethods: { delivery: 'Livraison', pickup: 'À emporter' },
    deliveryFees: 'Frais de livraison',
    discounts: 'Remises',
    vat: 'TVA',
    vatRate: (rate) => `Taux ${rate} %`,
    vatBase: 'Base HT',
    vatAmount: 'TVA',
    vatTotal: 'Total TTC',
    totalBase: 'Total HT',
    totalVat: 'Total TVA',
    cancelled: (orders) => `Annulées (${orders})`,
    open: (orders) => `En cours (${orders})`,
    openNotCounted: 'Commandes non clôturées : hors recettes.',
    topDishes: 'Plats les plus vendus',
    byHour: 'Par heure',
    hourLine: (hour, orders) => `${hour}h ${orders} cmd`,
  },
  kitchenSummary: {
    title: 'CUISINE : PRÉ-COMMANDES',
    printedAt: (dateTime) => `Imprimé le ${dateTime}`,
    none: 'Aucune pré-commande pour les jours à venir.',
    preorders: 'Pré-commandes',
    service: (opens, closes) => `Service ${opens}–${closes}`,
    outsideServices: 'Hors service',
    orders: (count) => `${count} commande${count > 1 ? 's' : ''}`,
    dishQuantity: (quantity) => `x ${quantity}`,
  },
};
