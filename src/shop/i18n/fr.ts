import { legal } from './fr-legal.js';
import { pages } from './fr-pages.js';
import type { AllergenCode } from '../../shared/domain/allergens.js';
import type { DeliveryMethod, PaymentMethod } from '../../shared/domain/delivery-method.js';
import type { DeliveryFeeQuote } from '../../shared/domain/delivery-zones.js';
import { formatEuro } from '../../shared/domain/money.js';
import { formatLongDateFr } from '../../shared/domain/french-dates.js';
import type { NextOpening } from '../../shared/domain/opening-hours.js';
import type { CartToastKey } from '../../shared/domain/cart.js';
import { MAX_LINE_QUANTITY } from '../../shared/domain/cart-limits.js';
import type { OrderStatus } from '../../shared/domain/order-status.js';
import { BUSY_PAUSED, REFUSALS } from '../../shared/domain/refusals.js';
import { MIN_PASSWORD_LENGTH, type AccountFormProblem } from '../../shared/domain/account-forms.js';

/** The 14 allergens of EU Regulation 1169/2011 as its French text names them. */
const allergenNames: Record<AllergenCode, string> = {
  gluten: 'gluten',
  crustaceans: 'crustacés',
  eggs: 'œufs',
  fish: 'poissons',
  peanuts: 'arachides',
  soy: 'soja',
  milk: 'lait',
  nuts: 'fruits à coque',
  celery: 'céleri',
  mustard: 'moutarde',
  sesame: 'graines de sésame',
  sulphites: 'anhydride sulfureux et sulfites',
  lupin: 'lupin',
  molluscs: 'mollusques',
};

interface ToastText {
  title: string;
  description?: string;
}

/** The cart's events (codes from the domain) as the customer reads them; a failed change shows in red. */
const cartToasts: Record<CartToastKey, (lineName: string) => ToastText> = {
  item_added: () => ({ title: 'Article ajouté' }),
  quantity_updated: () => ({ title: 'Quantité mise à jour' }),
  quantity_max: () => ({
    title: 'Quantité maximale atteinte',
    description: `${MAX_LINE_QUANTITY} au maximum ; pour plus, appelez-nous.`,
  }),
  item_removed: () => ({ title: 'Article retiré' }),
  added_to_cart: (lineName) => ({ title: 'Ajouté au panier !', description: `${lineName} a été ajouté.` }),
  item_deleted: () => ({ title: 'Article supprimé', description: "L'article a été retiré de votre panier." }),
  item_unavailable: () => ({
    title: 'Article indisponible',
    description: "Cet article n'est pas disponible pour le moment.",
  }),
  option_required: () => ({ title: 'Choix requis', description: 'Veuillez choisir un plat pour le menu enfant.' }),
};

/**
 * Every status of the domain's list, as the tracking page and the order history show it. `step` is the
 * progress bar's step (index in `tracking.steps`), null for a status off the bar (cancelled). A Record
 * over OrderStatus: a status added to the domain fails the typecheck until it is worded here.
 */
const orderStatus: Record<OrderStatus, { label: string; description: string; step: number | null }> = {
  'En attente': {
    label: 'En attente',
    description: 'Votre commande a bien été envoyée. Le restaurant va la confirmer dans quelques instants.',
    step: 0,
  },
  'Bien reçu': {
    label: 'Commande reçue',
    description: 'Le restaurant a bien reçu votre commande. Elle sera préparée très bientôt.',
    step: 0,
  },
  'En préparation': {
    label: 'En préparation',
    description: 'Nos cuisiniers préparent votre commande. Le poulet est sur le grill !',
    step: 1,
  },
  Prêt: {
    label: 'Prêt pour livraison',
    description: 'Votre commande est prête. Elle vous attend au restaurant ou partira très vite en livraison.',
    step: 2,
  },
  'Prête pour Livraison': {
    label: 'Prêt pour livraison',
    description: 'Votre commande est prête et attend notre livreur. Elle partira dans quelques minutes.',
    step: 2,
  },
  'En livraison': {
    label: 'En cours de livraison',
    description: 'Notre livreur est en route avec votre commande. Bon appétit dans quelques minutes !',
    step: 3,
  },
  Livrée: { label: 'Livrée', description: 'Votre commande a été livrée ou remise. Merci et bon appétit !', step: 4 },
  Annulée: {
    label: 'Annulée',
    description: 'Cette commande a été annulée. Pour toute question, appelez-nous.',
    step: null,
  },
};

/**
 * A pickup order's own words where the delivery ones would mislead (« Prêt pour livraison », « En route »): the
 * customer comes to the restaurant. Its progress bar has four steps (`tracking.pickupSteps`).
 */
const pickupStatus: Partial<Record<OrderStatus, { label: string; description: string; step: number | null }>> = {
  Prêt: {
    label: 'Prête à retirer',
    description: 'Votre commande est prête : elle vous attend au restaurant.',
    step: 2,
  },
  'Prête pour Livraison': {
    label: 'Prête à retirer',
    description: 'Votre commande est prête : elle vous attend au restaurant.',
    step: 2,
  },
  'En livraison': {
    label: 'Prête à retirer',
    description: 'Votre commande est prête : elle vous attend au restaurant.',
    step: 2,
  },
  Livrée: { label: 'Retirée', description: 'Vous avez retiré votre commande. Merci et bon appétit !', step: 3 },
};

/** The words of a status for this order: a pickup order's where they differ, the delivery ones otherwise. */
function orderStatusFor(status: OrderStatus, deliveryMethod: string | null | undefined) {
  return (deliveryMethod === 'pickup' ? pickupStatus[status] : undefined) ?? orderStatus[status];
}

const euro = (n: number) => `${n.toFixed(2).replace('.', ',')}€`;

/** How an order is fetched and paid (checkout, order history, confirmation); the e-mails' copy is
 * supabase/functions/_shared/restaurant.ts (tests/unit/fn-shared.test.ts). */
const deliveryMethods: Record<DeliveryMethod, string> = { delivery: 'Livraison', pickup: 'À emporter' };
const paymentMethods: Record<PaymentMethod, string> = { cash: 'Espèces', card: 'Carte bancaire' };

/** Every string a customer reads in the shop. */
export const fr = {
  brand: { name: 'Churrasqueira', place: 'Differdange', tagline: 'Poulet grillé au charbon de bois' },
  deliveryMethods,
  paymentMethods,
  common: {
    skipToContent: 'Aller au contenu',
    loading: 'Chargement…',
    close: 'Fermer',
    backHome: "Retour à l'accueil",
    required: 'obligatoire',
    optional: 'facultatif',
    euro,
    somethingWrong: 'Something went wrong',
  },
  /** The documents' titles (src/shop/app/page-titles.ts): the page's name, then `site`. */
  pageTitles: {
    site: 'Churrasqueira Differdange',
    home: 'Churrasqueira Differdange — Poulet grillé au charbon de bois',
    menu: 'Menu',
    menuCategory: (category: string) => `${category} — Menu`,
    tracking: 'Suivi de commande',
    confirmation: 'Votre commande',
    about: 'À propos',
    location: 'Localisation et horaires',
    contact: 'Contact et réservation',
    reservationSent: 'Réservation envoyée',
    reviews: 'Avis des clients',
    challenge: 'Défi Burj Khalifa',
    legalNotice: 'Mentions légales',
    privacy: 'Politique de confidentialité',
    terms: 'Conditions générales',
    register: 'Créer un compte',
    login: 'Se connecter',
    forgotPassword: 'Mot de passe oublié',
    resetPassword: 'Nouveau mot de passe',
    profile: 'Mon profil',
    orders: 'Mes commandes',
  },
  nav: {
    home: 'Accueil',
    menu: 'Menu',
    tracking: 'Suivi Commande',
    about: 'À Propos',
    location: 'Localisation',
    contact: 'Contact',
    reviews: 'Avis',
    mainLabel: 'Navigation principale',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
  },
  account: {
    myAccount: 'Mon Compte',
    profile: 'Profil',
    myOrders: 'Mes Commandes',
    signOut: 'Se déconnecter',
    signIn: 'Se connecter',
    signUp: "S'inscrire",
    signOutFailed: 'Sign out Failed',
  },
  cartButton: { label: (n: number) => (n === 0 ? 'Panier vide' : `Panier, ${n} article${n > 1 ? 's' : ''}`) },
  footer: {
    about: 'Le goût authentique du poulet grillé au charbon de bois, comme au Portugal, au cœur de Differdange.',
    follow: 'Suivez-nous',
    navigation: 'Navigation',
    legal: 'Informations légales',
    contact: 'Contact',
    legalNotice: 'Mentions légales',
    privacy: 'Politique de confidentialité',
    terms: 'Conditions générales',
    challenge: 'Défi Burj Khalifa',
    admin: 'Espace administration',
    copyright: (year: number) => `© ${year} Churrasqueira Differdange. Tous droits réservés.`,
    payments: 'Espèces et carte acceptées',
  },
  errors: {
    pageTitle: 'Oups, un souci de chargement',
    pageText: "La page n'a pas pu être chargée. Vérifiez votre connexion puis réessayez.",
    reload: 'Recharger la page',
  },
  menu: {
    defaultTitle: 'Notre Menu',
    emptyCategory: 'Nenhum prato disponível nesta categoria para o momento.',
    subtitle: 'Grillé au charbon de bois, préparé à la commande.',
    categoriesLabel: 'Catégories du menu',
    scrollLeft: 'Catégories précédentes',
    scrollRight: 'Catégories suivantes',
    swipeHint: 'Glissez pour voir toutes les catégories',
    add: 'Ajouter',
    addNamed: (name: string) => `Ajouter ${name} au panier`,
    unavailable: 'Indisponible',
    unavailableNamed: (name: string) => `${name} : Indisponible`,
    imageMissing: 'Image Indisponível',
    comingSoon: 'Bientôt disponible',
    /** A live offer on a dish's card: « Offre spéciale à emporter : 7,00 € ». */
    offer: (badge: string, price: string) => `${badge} : ${price}`,
    chooseDish: 'Choisissez le plat',
    loadError: 'Impossible de charger le menu. Vérifiez votre connexion et réessayez.',
    retry: 'Réessayer',
    /** A dish's allergens, on its card and its cart line: declared (« none » too) or not declared yet. */
    allergens: (codes: readonly AllergenCode[] | null) =>
      codes === null
        ? 'Allergènes : renseignez-vous au restaurant'
        : codes.length === 0
          ? 'Allergènes : aucun des 14 allergènes à déclarer'
          : `Allergènes : ${codes.map((c) => allergenNames[c]).join(', ')}`,
    allergenFilter: {
      open: 'Allergies ? Filtrer la carte',
      legend: 'N’afficher que les plats',
      without: (code: AllergenCode) => `sans ${allergenNames[code]}`,
      note: 'Les plats dont les allergènes ne sont pas encore renseignés sont masqués dès qu’un filtre est choisi. Une question, des traces ? Renseignez-vous au restaurant.',
      hidden: (n: number) => (n === 0 ? 'Aucun plat masqué' : n === 1 ? '1 plat masqué' : `${n} plats masqués`),
      reset: 'Tout afficher',
      emptySection: 'Aucun plat de cette catégorie ne correspond à votre filtre.',
    },
    ctaTitle: 'Vous avez fait votre choix ?',
    ctaText: 'Ajoutez vos plats au panier et choisissez livraison ou à emporter.',
    cta: 'Pedir Agora',
  },
  cart: {
    title: 'Votre panier',
    close: 'Fermer le panier',
    empty: 'Votre panier est vide.',
    emptyHint: 'Parcourez notre carte et ajoutez vos plats préférés.',
    browse: 'Voir le menu',
    /** The line under the city (checkout): the zone's fee, or that it is not delivered; nothing before a city is typed. */
    zoneMessage: (quote: DeliveryFeeQuote): string | null =>
      quote.zone
        ? `Frais de livraison pour ${quote.zone.name.trim()} : ${formatEuro(quote.zone.fee)}`
        : quote.outOfZone
          ? 'Désolé, nous ne livrons pas dans cette zone.'
          : null,
    increase: (name: string) => `Ajouter un ${name}`,
    decrease: (name: string) => `Retirer un ${name}`,
    remove: (name: string) => `Supprimer ${name} du panier`,
    quantity: (n: number) => `Quantité : ${n}`,
    each: (price: string) => `${price} l'unité`,
    contactTitle: 'Vos coordonnées',
    name: 'Nom complet',
    phone: 'Téléphone',
    email: 'E-mail',
    emailSignedIn: 'L’e-mail de votre compte est utilisé.',
    methodTitle: 'Mode de retrait',
    address: 'Adresse',
    postalCode: 'Code postal',
    city: 'Ville',
    pickupAt: (address: string) => `À retirer au restaurant : ${address}`,
    paymentTitle: 'Paiement',
    paymentNote: 'Vous payez à la livraison ou au retrait.',
    preorder: 'Pré-commande',
    preorderHint: 'Commandez pour plus tard aujourd’hui ou pour un autre jour.',
    /** Closed now, open later today: the switch's hint says so. */
    preorderTodayHint: (time: string) => `Possible dès aujourd’hui, à partir de ${time}.`,
    preorderDate: 'Date',
    preorderTime: 'Heure',
    chooseTime: 'Choisir…',
    noSlots: 'Fermé ce jour-là : choisissez une autre date.',
    closedFor: (reason: string) => `Fermé ce jour-là (${reason}) : choisissez une autre date.`,
    notes: 'Remarques',
    notesPlaceholder: 'Code de porte, allergies, sans oignons…',
    subtotal: 'Sous-total',
    deliveryFee: 'Frais de livraison',
    deliveryFeeUnknown: 'selon la ville',
    free: 'Gratuit',
    total: 'Total',
    order: 'Commander',
    ordering: 'Commande en cours...',
    orderPreorder: 'Pré-commander',
    successTitle: 'Commande passée avec succès !',
    /** The counter's current estimate (its default preparation time, in the 15-minute slot place_order counts). */
    estimate: (method: 'delivery' | 'pickup', from: string, to: string) =>
      method === 'delivery'
        ? `Estimation du restaurant : livraison entre ${from} et ${to}.`
        : `Estimation du restaurant : prête entre ${from} et ${to}.`,
    /** Accepted at once (automatic acceptance): the time the restaurant set. */
    readyAt: (method: 'delivery' | 'pickup', time: string) =>
      method === 'delivery' ? `Livraison prévue vers ${time}.` : `Prête vers ${time}.`,
    estimateConfirmed: 'Le restaurant vous confirme l’heure dès qu’il accepte votre commande.',
    orderBlocked: (reason: string) => `${reason} : commande immédiate impossible. Activez la pré-commande.`,
    /** The cart against the live menu: what changed since the customer last saw it. */
    changesTitle: 'Votre panier a changé',
    priceChanged: (name: string, from: string, to: string) => `Le prix de ${name} est passé de ${from} à ${to}.`,
    nowUnavailable: (name: string) => `${name} n’est plus disponible : retirez-le du panier pour commander.`,
    changesSeen: 'J’ai vu le nouveau total',
    changesBlock: 'Prenez connaissance des changements de prix avant de commander.',
    unavailableBlock: 'Retirez les plats indisponibles pour commander.',
    unavailable: 'Indisponible',
    successText: 'Votre commande est bien reçue.',
    successPreorder: (date: string, time: string) => `Votre pré-commande est confirmée pour le ${date} à ${time}.`,
    orderNumber: (n: string) => `N° de commande : ${n}.`,
    errorTitle: 'Erreur de commande',
    errorText: "Une erreur s'est produite. Veuillez réessayer.",
  },
  tracking: {
    title: 'Suivi de Commande',
    subtitle: 'Entrez votre numéro de commande (8 caractères) ou votre numéro de téléphone.',
    searchLabel: 'Numéro de commande ou téléphone',
    searchPlaceholder: 'ID de commande ou téléphone...',
    search: 'Rechercher',
    searching: 'Recherche…',
    errorTitle: 'Erreur de recherche',
    errorText: "Une erreur s'est produite lors de la recherche de la commande.",
    detailsHidden:
      "Pour voir les articles, le montant, l'adresse et l'heure de votre commande, recherchez-la avec son numéro de commande (reçu à la confirmation et par e-mail) ou connectez-vous à votre compte.",
    deliveryHidden: "L'adresse de livraison s'affiche avec le numéro de commande.",
    unexpected: 'Erreur inattendue',
    notFoundTitle: 'Commande non trouvée',
    notFoundText: 'Aucune commande trouvée avec les informations fournies.',
    notFoundHint:
      'Vérifiez le numéro de commande reçu à la confirmation, ou essayez avec le numéro de téléphone utilisé pour commander.',
    orderNumber: (n: string) => `Commande n° ${n}`,
    placedAt: (when: string) => `Passée le ${when}`,
    preorderFor: (date: string, time: string) => `Pré-commande pour le ${date} à ${time}`,
    statusTitle: 'Statut',
    steps: ['Reçue', 'En préparation', 'Prête', 'En route', 'Livrée'],
    pickupSteps: ['Reçue', 'En préparation', 'Prête à retirer', 'Retirée'],
    itemsTitle: 'Votre commande',
    discount: 'Remise',
    deliveryTitle: 'Livraison',
    pickupTitle: 'À emporter',
    pickupText: (address: string) => `À retirer au restaurant : ${address}`,
    openMaps: 'Ouvrir dans Google Maps',
    mapTitle: 'Carte : adresse de livraison',
    notesTitle: 'Remarques',
    help: 'Une question sur votre commande ?',
    call: (phone: string) => `Appelez-nous au ${phone}`,
    autoRefresh: 'Mise à jour automatique toutes les 30 secondes.',
    latestForAccount: 'Votre dernière commande',
    waiting: 'Le restaurant va confirmer votre commande et vous indiquer l’heure à laquelle elle sera prête.',
    refusal: (reason: string) => `Motif : ${reason}`,
  },
  auth: {
    /** The account forms' own checks (`validateRegistration`, `validateLogin`… in src/shared/domain/account-forms.ts). */
    formProblems: {
      email_invalid: REFUSALS.invalid_email.message,
      password_too_short: `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`,
      passwords_differ: 'Les mots de passe ne correspondent pas.',
      credentials_required: 'Veuillez saisir votre e-mail et votre mot de passe.',
    } satisfies Record<AccountFormProblem, string>,
    /** Each account form's words; `other` asks for the other form. */
    login: {
      title: 'Se connecter',
      lead: 'Retrouvez vos commandes et commandez plus vite.',
      submit: 'Se connecter',
      submitting: 'Connexion…',
      other: 'Pas encore de compte ?',
    },
    register: {
      title: "S'inscrire",
      lead: 'Créez votre compte en quelques secondes.',
      submit: 'Créer mon compte',
      submitting: 'Création…',
      other: 'Déjà un compte ?',
    },
    forgot: {
      title: 'Mot de passe oublié',
      lead: 'Indiquez l’e-mail de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.',
      submit: 'Recevoir le lien',
      submitting: 'Envoi…',
      other: 'Vous vous en souvenez ?',
      link: 'Mot de passe oublié ?',
      sentTitle: 'Vérifiez vos e-mails',
      sent: (email: string) =>
        `Si un compte existe pour ${email}, un e-mail vient de partir avec un lien pour choisir un nouveau mot de passe.`,
      sentHint: 'Le lien est valable 24 heures. Pensez à regarder dans les courriers indésirables.',
      failedTitle: 'Envoi impossible',
      failed: 'L’e-mail n’a pas pu être envoyé. Veuillez réessayer dans quelques minutes.',
    },
    reset: {
      title: 'Nouveau mot de passe',
      lead: 'Choisissez le nouveau mot de passe de votre compte.',
      submit: 'Enregistrer le mot de passe',
      submitting: 'Enregistrement…',
      other: 'Le lien ne marche pas ?',
      newPassword: 'Nouveau mot de passe',
      checking: 'Vérification du lien…',
      invalidTitle: 'Lien expiré',
      invalid: 'Ce lien a déjà servi ou n’est plus valable. Demandez-en un nouveau.',
      askAgain: 'Recevoir un nouveau lien',
      doneTitle: 'Mot de passe modifié',
      done: 'Votre nouveau mot de passe est enregistré. Vous êtes connecté.',
      failed: 'Le mot de passe n’a pas pu être enregistré. Veuillez réessayer.',
    },
    /** Signing in with a code e-mailed instead of the password. */
    code: {
      link: 'Recevoir un code par e-mail',
      askTitle: 'Connexion par code',
      askLead:
        'Indiquez votre e-mail : nous vous envoyons un code à 6 chiffres pour vous connecter, sans mot de passe.',
      ask: 'Recevoir le code',
      asking: 'Envoi…',
      enterTitle: 'Entrez le code reçu par e-mail',
      enterLead: (email: string) =>
        `Nous venons d’envoyer un code à 6 chiffres à ${email}. Vous pouvez aussi suivre le lien de l’e-mail.`,
      code: 'Code à 6 chiffres',
      codeHint: 'Le code est valable 1 heure. Pensez à regarder dans les courriers indésirables.',
      submit: 'Se connecter',
      submitting: 'Vérification…',
      codeRequired: 'Saisissez les 6 chiffres du code reçu par e-mail.',
      wrongCode: 'Ce code n’est pas le bon ou n’est plus valable. Vérifiez-le ou demandez-en un nouveau.',
      tooMany: 'Trop d’essais. Patientez quelques minutes ou suivez le lien de l’e-mail.',
      tooSoon: 'Un code vient de partir. Patientez une minute avant d’en demander un autre.',
      sendFailed: 'L’e-mail n’a pas pu être envoyé. Veuillez réessayer dans quelques minutes.',
      sendAgain: 'Recevoir un nouveau code',
      linkFailed: 'Ce lien a déjà servi ou n’est plus valable. Demandez un nouveau code.',
      withPassword: 'Se connecter avec un mot de passe',
    },
    email: 'E-mail',
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    passwordHint: 'Au moins 6 caractères.',
    loginSuccessTitle: 'Connexion réussie !',
    loginSuccessText: 'Bienvenue à nouveau !',
    signInFailed: 'Sign in Failed',
    wrongCredentials: 'E-mail ou mot de passe incorrect.',
    emailNotConfirmed: 'Veuillez confirmer votre e-mail avant de vous connecter.',
    signUpFailed: "Erreur d'inscription",
    signUpFailedText: "Une erreur s'est produite. Veuillez réessayer.",
    signUpSuccessTitle: 'Inscription réussie !',
    signUpSuccessText: 'Veuillez vérifier votre e-mail pour confirmer votre compte.',
    profileTitle: 'Mon Profil',
    profileLead: 'Bienvenue dans votre espace client.',
    signedInAs: 'Connecté avec',
    myOrders: 'Mes Commandes',
    home: 'Accueil',
    signOut: 'Se déconnecter',
    historyTitle: 'Mes Commandes',
    historyLead: 'Retrouvez toutes vos commandes passées.',
    historyError: "Impossible de charger l'historique des commandes. Veuillez réessayer plus tard.",
    historyEmpty: "Vous n'avez pas encore passé de commande.",
    historyEmptyCta: 'Découvrir le menu',
    backToProfile: 'Retour au profil',
    track: 'Suivre',
  },
  store: {
    closedTitle: 'Commandes en ligne fermées',
    closedText:
      'Les commandes immédiates sont suspendues pour le moment. Vous pouvez passer une pré-commande pour un autre jour.',
    deliveryOffTitle: 'Livraison indisponible',
    deliveryOffText: 'La livraison est momentanément désactivée : toutes les commandes sont à emporter.',
    preorderStillOpen: 'Vous pouvez passer une pré-commande pour un autre jour.',
    /** Closed now, open later today: a pre-order for this evening is possible. */
    preorderLaterToday: 'Vous pouvez déjà pré-commander pour plus tard aujourd’hui.',
    /** Outside the ordering hours of the day: « Ouvre à 18:00 », « Ouvre demain à 11:00 ». */
    opensAt: (when: string) => `Ouvre ${when}`,
    /** When orders open next (`nextOpeningDay`): 'à 18:00', 'demain à 11:00', 'mercredi 25 novembre à 11:00'. */
    nextOpening: (next: NextOpening) =>
      next.day === 'today'
        ? `à ${next.time}`
        : next.day === 'tomorrow'
          ? `demain à ${next.time}`
          : `${formatLongDateFr(next.date).replace(/ \d{4}$/, '')} à ${next.time}`,
    closedNow: 'Fermé pour le moment',
    /** The counter's busy mode: « Le restaurant est très sollicité : commandes immédiates en pause jusqu'à 19:30 ». */
    busyPaused: BUSY_PAUSED.notice,
    busyPreorders: 'Les pré-commandes restent possibles.',
    busyPausedReason: (until: string) => `Restaurant très sollicité jusqu'à ${until}`,
    dismiss: "Masquer l'information",
  },
  cartToasts,
  orderStatus,
  orderStatusFor,
  toast: { dismiss: 'Fermer la notification', region: 'Notifications' },
  install: { text: 'Installez notre application pour commander plus vite.', install: 'Instalar', close: 'Fermer' },
  legal,
  ...pages,
} as const;

export type Catalogue = typeof fr;
