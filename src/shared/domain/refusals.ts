import type { Refusal } from './refusal.js';

/*
 * The refusal texts the database returns word for word: `public.refuse(code, title, message)` in
 * supabase/migrations raises the message with the title as hint and the code as detail, and the shop shows them
 * as they come. The rules (order-validation, opening-hours, input-bounds, reservation-form, challenge-form,
 * tracking-search, minimum-order) answer the same texts before anything is sent, so they take them from here.
 * tests/integration/db-refusal-texts.test.ts checks each one against the SQL that raises it, on both databases.
 */

const refusal = <Code extends string>(code: Code, title: string, message: string): Refusal<Code> => ({
  code,
  title,
  message,
});

export const INVALID_EMAIL_MESSAGE = 'Veuillez entrer une adresse e-mail valide.';
const MISSING = 'Information en manque';
const PREORDER_DATE = 'Date de pré-commande invalide';
const INVALID_DATE = 'Date invalide';

const ORDER_TOTAL_TOO_HIGH_TITLE = 'Commande trop importante';

/** order_total_too_high for the restaurant's limit, written as the database's euros() writes it ('500,00€'). */
export function orderTotalTooHighMessage(max: string): string {
  return `Une commande en ligne sans compte ne peut pas dépasser ${max}. Pour une grande commande, veuillez appeler le restaurant.`;
}

export const REFUSALS = {
  // place_order, in the order it checks.
  ordering_closed: refusal('ordering_closed', 'Commandes fermées', 'La commande en ligne est temporairement fermée.'),
  preorder_missing_datetime: refusal(
    'preorder_missing_datetime',
    MISSING,
    'Veuillez choisir une date et une heure pour votre pré-commande.',
  ),
  missing_fields: refusal('missing_fields', MISSING, 'Veuillez remplir tous les champs obligatoires.'),
  // check_client_not_blocked: a phone or address the counter blocked for the day (refuse_client_orders).
  client_blocked: refusal(
    'client_blocked',
    'Commande en ligne impossible',
    "Nous ne pouvons plus prendre vos commandes en ligne aujourd'hui. Veuillez appeler le restaurant.",
  ),
  // The contact fields (contact-fields.ts): place_order, create_reservation, register_challenge and the forms' triggers.
  invalid_name: refusal('invalid_name', 'Nom invalide', 'Veuillez entrer votre nom (au moins 2 lettres).'),
  invalid_phone: refusal(
    'invalid_phone',
    'Téléphone invalide',
    'Veuillez entrer un numéro de téléphone valide, par exemple 691 123 456 ou +33 6 12 34 56 78.',
  ),
  invalid_postal_code: refusal(
    'invalid_postal_code',
    'Code postal invalide',
    'Veuillez entrer un code postal luxembourgeois à 4 chiffres, par exemple L-4502.',
  ),
  invalid_email: refusal('invalid_email', 'E-mail invalide', INVALID_EMAIL_MESSAGE),
  empty_cart: refusal(
    'empty_cart',
    'Panier vide',
    'Votre panier est vide. Ajoutez au moins un article pour commander.',
  ),
  item_unavailable: refusal(
    'item_unavailable',
    'Article indisponible',
    "Cet article n'est pas disponible pour le moment.",
  ),
  invalid_item: refusal(
    'invalid_item',
    'Article invalide',
    'Un article de votre panier est invalide. Veuillez le retirer et réessayer.',
  ),
  invalid_zone: refusal(
    'invalid_zone',
    'Zone de livraison non valide',
    'Veuillez entrer une ville valide ou nous ne pouvons pas livrer à cette adresse.',
  ),
  // With the installed limit (store_settings order_limits.max_anonymous_total, 500 €); orderTotalTooHighMessage below.
  order_total_too_high: refusal(
    'order_total_too_high',
    ORDER_TOTAL_TOO_HIGH_TITLE,
    orderTotalTooHighMessage('500,00€'),
  ),
  delivery_disabled: refusal(
    'delivery_disabled',
    'Livraison indisponible',
    'La livraison est désactivée pour le moment. Veuillez choisir le retrait au restaurant.',
  ),
  outside_hours: refusal(
    'outside_hours',
    'Restaurant fermé',
    'Nous sommes fermés pour le moment. Vous pouvez passer une pré-commande.',
  ),
  // place_order_once: the total the cart showed (expectedTotal) is no longer the total of the order.
  total_changed: refusal(
    'total_changed',
    'Prix modifiés',
    'Les prix de votre panier ont changé. Vérifiez le nouveau total dans le panier, puis validez à nouveau votre commande.',
  ),
  // place_order_once: a pre-order of today needs a time still to come, after the kitchen's preparation time.
  preorder_too_soon: refusal(
    'preorder_too_soon',
    'Heure de pré-commande invalide',
    'Cette heure est passée ou trop proche pour préparer votre commande. Veuillez choisir une heure plus tardive.',
  ),
  // check_waiting_orders_share: one client's share of a day with limited slots.
  too_many_waiting: refusal(
    'too_many_waiting',
    'Trop de commandes en attente',
    'Vous avez déjà des commandes en attente de confirmation pour ce jour-là. Attendez notre confirmation ou appelez le restaurant.',
  ),
  // check_preorder_slot (the last two with the seeded week; see the message functions below).
  preorder_invalid_date: refusal(
    'preorder_invalid_date',
    PREORDER_DATE,
    'Veuillez choisir une date valide pour votre pré-commande.',
  ),
  preorder_too_early: refusal(
    'preorder_too_early',
    PREORDER_DATE,
    'Une pré-commande ne peut pas être prévue pour un jour déjà passé.',
  ),
  preorder_closed_day: refusal(
    'preorder_closed_day',
    PREORDER_DATE,
    'Le restaurant est fermé le mardi. Veuillez choisir un autre jour.',
  ),
  preorder_invalid_time: refusal(
    'preorder_invalid_time',
    'Heure de pré-commande invalide',
    'Veuillez choisir une heure de commande entre 11:00–14:30 et 18:00–21:30, par tranches de 15 minutes.',
  ),
  // check_order_bounds and create_reservation: the size limits.
  too_many_lines: refusal(
    'too_many_lines',
    'Panier trop grand',
    'Votre panier ne peut pas contenir plus de 50 articles différents.',
  ),
  too_many_options: refusal(
    'too_many_options',
    'Article invalide',
    'Un article ne peut pas avoir plus de 10 accompagnements.',
  ),
  preorder_too_far: refusal(
    'preorder_too_far',
    PREORDER_DATE,
    "Une pré-commande peut être prévue au plus tard 60 jours à l'avance.",
  ),
  date_too_far: refusal('date_too_far', INVALID_DATE, "Une réservation peut être faite au plus tard un an à l'avance."),
  // create_reservation.
  invalid_date: refusal('invalid_date', INVALID_DATE, 'Veuillez choisir une date valide.'),
  date_in_past: refusal('date_in_past', INVALID_DATE, 'La date de réservation ne peut pas être dans le passé.'),
  invalid_time: refusal('invalid_time', 'Heure invalide', 'Veuillez choisir une heure valide.'),
  time_in_past: refusal(
    'time_in_past',
    'Heure invalide',
    'Cette heure est déjà passée : veuillez choisir une heure à venir.',
  ),
  invalid_people: refusal(
    'invalid_people',
    'Nombre de personnes invalide',
    'Veuillez choisir de 1 à 10 personnes, ou 10+.',
  ),
  // check_reservation_room: the service's guests (store_settings reservation_capacity) would be exceeded.
  reservation_full: refusal(
    'reservation_full',
    'Service complet',
    "Il n'y a plus assez de place pour ce service. Veuillez choisir une autre heure ou un autre jour, ou appeler le restaurant.",
  ),
  // register_challenge.
  name_required: refusal('name_required', 'Nom requis', 'Veuillez entrer votre nom.'),
  terms_not_accepted: refusal(
    'terms_not_accepted',
    'Contrat non accepté',
    'Vous devez accepter les termes du contrat.',
  ),
  // search_orders_by_term and track_order.
  search_term_required: refusal(
    'search_term_required',
    'Terme de recherche requis',
    "Veuillez entrer l'ID de la commande ou le téléphone.",
  ),
  // cancel_my_order: the customer's own cancellation, only while the restaurant has not accepted the order.
  order_not_found: refusal(
    'order_not_found',
    'Commande introuvable',
    'Cette commande est introuvable. Ouvrez le lien reçu par e-mail ou votre historique de commandes.',
  ),
  cancel_too_late: refusal(
    'cancel_too_late',
    'Annulation impossible',
    'Le restaurant a déjà accepté votre commande : elle ne peut plus être annulée en ligne. Appelez-nous pour toute question.',
  ),
  // delete_my_account (check_no_open_order): an order still to accept, prepare, deliver or collect keeps the account.
  open_order: refusal(
    'open_order',
    'Commande en cours',
    "Vous avez une commande en cours : vous pourrez supprimer votre compte une fois qu'elle sera livrée, retirée ou refusée.",
  ),
} as const;

export type RefusalKey = keyof typeof REFUSALS;

/** The reason every customer refused at once by the counter's « refuse and block » is told (refuse_client_orders). */
export const BLOCKED_CLIENT_REASON =
  'Commande refusée par le restaurant. Pour commander aujourd’hui, veuillez nous appeler.';

/** preorder_closed_day on another day: 'mardi', or 'vendredi 26 décembre (Noël)' for a dated closure. */
export const closedDayMessage = (day: string) => `Le restaurant est fermé le ${day}. Veuillez choisir un autre jour.`;

/** preorder_invalid_time for the day's windows ('11:00–14:30 et 18:00–21:30') and slot length. */
export const invalidTimeMessage = (windows: string, slotMinutes: number) =>
  `Veuillez choisir une heure de commande entre ${windows}, par tranches de ${slotMinutes} minutes.`;

/**
 * outside_hours on a day closed by an exception (opening_refusal()): « Fermé aujourd'hui (Noël) — réouverture
 * le vendredi 26 décembre à 11:00. Vous pouvez passer une pré-commande. »; the notice alone shows in the shop.
 */
export const CLOSED_TODAY = {
  notice: (reason: string, reopening: string) => `Fermé aujourd'hui${reason ? ` (${reason})` : ''}${reopening}`,
  reopeningTomorrow: (time: string) => ` — réouverture demain à ${time}`,
  reopeningOn: (day: string, time: string) => ` — réouverture le ${day} à ${time}`,
  refusal: (notice: string) => `${notice}. Vous pouvez passer une pré-commande.`,
};

/**
 * The counter's busy mode (set_busy_mode 'pause'): the shop's notice while immediate orders are paused, and
 * place_order's busy_paused refusal, with the end of the pause on the restaurant's clock ('19:30').
 */
export const BUSY_PAUSED = {
  notice: (until: string) => `Le restaurant est très sollicité : commandes immédiates en pause jusqu'à ${until}`,
  refusal: (until: string): Refusal<'busy_paused'> =>
    refusal(
      'busy_paused',
      'Restaurant très sollicité',
      `${BUSY_PAUSED.notice(until)}. Vous pouvez passer une pré-commande.`,
    ),
};

export const MINIMUM_NOT_MET_TITLE = 'Montant minimum non atteint';

/** minimum_not_met, amounts as the database's euros() writes them ('4,50€'). */
export const minimumNotMetMessage = (missing: string, minimum: string) =>
  `Il vous manque ${missing} pour atteindre le minimum de ${minimum} pour la commande.`;

/** The fields refuse_too_long() names. */
export const FIELD_LABELS = {
  name: 'Le nom',
  phone: 'Le téléphone',
  email: "L'e-mail",
  address: "L'adresse",
  postalCode: 'Le code postal',
  city: 'La ville',
  notes: 'La remarque',
  message: 'Le message',
} as const;

/** "Le nom ne peut pas dépasser 200 caractères." */
export function fieldTooLong(field: string, max: number): Refusal<'field_too_long'> {
  return refusal('field_too_long', 'Information trop longue', `${field} ne peut pas dépasser ${max} caractères.`);
}
