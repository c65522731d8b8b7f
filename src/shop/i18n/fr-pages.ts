import type { Service } from '../../shared/domain/opening-hours.js';
import { MONTHS } from '../../shared/domain/french-dates.js';
import { parseIsoDate, type IsoDate } from '../../shared/domain/restaurant-time.js';

const WEEKDAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];

/** "Du 10 au 13 octobre", "Du 28 octobre au 2 novembre", "Le 10 octobre"; the year when it differs from today's. */
function offerDates(startsOn: IsoDate, endsOn: IsoDate, today: IsoDate): string {
  const a = parseIsoDate(startsOn);
  const b = parseIsoDate(endsOn);
  if (!a || !b) return '';
  const thisYear = Number(today.slice(0, 4));
  const year = (y: number) => (a.y !== b.y || y !== thisYear ? ` ${y}` : '');
  const day = (d: number) => (d === 1 ? '1er' : String(d));
  if (startsOn === endsOn) return `Le ${day(a.d)} ${MONTHS[a.m - 1]}${year(a.y)}`;
  const first = a.m === b.m && a.y === b.y ? day(a.d) : `${day(a.d)} ${MONTHS[a.m - 1]}${a.y !== b.y ? ` ${a.y}` : ''}`;
  return `Du ${first} au ${day(b.d)} ${MONTHS[b.m - 1]}${year(b.y)}`;
}

/** Texts of the shop's content pages. */
export const pages = {
  /** /commande/<id>: the page after « Commander », the e-mails' « Suivre ma commande », the history's link. */
  orderConfirmation: {
    title: 'Votre commande',
    lead: 'Gardez cette page ouverte : elle se met à jour toute seule. Le lien est aussi dans votre e-mail.',
    /** Instead of « En attente » while the restaurant has not accepted the order yet. */
    waitingLabel: 'En attente de confirmation',
    payment: 'Paiement',
    notFoundTitle: 'Commande introuvable',
    notFoundText:
      'Ce lien ne correspond à aucune commande. Ouvrez le lien reçu par e-mail, ou retrouvez votre commande avec son numéro.',
    trackingLink: 'Suivi de commande',
    cancel: 'Annuler ma commande',
    cancelHint: 'Possible tant que le restaurant ne l’a pas acceptée.',
    cancelQuestion: 'Annuler cette commande ? Le restaurant ne la préparera pas.',
    cancelConfirm: 'Oui, annuler',
    cancelKeep: 'Non, la garder',
    cancelling: 'Annulation…',
    cancelledTitle: 'Commande annulée',
    cancelledText: 'Le restaurant est prévenu : votre commande ne sera pas préparée.',
    cancelledByYou: 'Annulée à votre demande.',
    cancelFailed: 'Annulation impossible',
  },
  home: {
    kicker: 'Churrasqueira portugaise · Differdange',
    title: 'Le vrai poulet grillé au charbon de bois',
    lead: 'Mariné la veille, grillé lentement sur la braise et servi avec nos frites maison. Sur place, à emporter ou livré chez vous.',
    order: 'Commander Maintenant',
    reserve: 'Réserver une table',
    highlights: [
      { title: 'Grillé à la braise', text: 'Du vrai charbon de bois, chaque jour, pour ce goût fumé inimitable.' },
      {
        title: 'Livraison ou à emporter',
        text: 'Commandez en ligne, payez en espèces ou par carte à la livraison ou au comptoir.',
      },
      { title: 'Recettes portugaises', text: 'Piri-piri, francesinhas et desserts de la maison, comme à Porto.' },
    ],
    categoriesTitle: 'Notre carte',
    categoriesLead: 'Du poulet grillé aux francesinhas, il y en a pour toutes les faims.',
    // The offers themselves are data (public.offers, edited in the admin's Ofertas screen).
    offer: {
      badge: { pickup: 'Offre spéciale à emporter', delivery: 'Offre spéciale en livraison', both: 'Offre spéciale' },
      was: 'au lieu de',
      order: 'Commander',
      call: 'Appeler',
      /** An offer's days: « Du 10 au 13 octobre », « Du 28 octobre au 2 novembre », « Le 1er décembre »; the year when it differs. */
      dates: offerDates,
    },
    reviewsTitle: 'Ils nous ont goûtés',
    reviewsLead: 'Ce que nos clients disent de nous.',
    allReviews: 'Voir tous les avis',
    ctaTitle: 'Une petite faim ?',
    ctaText: 'Toute la carte est à portée de clic. Commandez maintenant, on allume la braise.',
    ctaButton: 'Ver o Menu',
    heroAlt: 'Poulets grillés sur la braise',
  },
  about: {
    title: 'À Propos',
    subtitle: 'Une histoire de famille, de braise et de partage.',
    storyTitle: 'Notre histoire',
    story: [
      "Tout a commencé dans une petite churrasqueira du nord du Portugal, où nos parents grillaient le poulet au charbon de bois pour tout le quartier. Le secret ? Une marinade à l'ail, au citron et au piri-piri, et beaucoup de patience devant la braise.",
      'Installés à Differdange depuis plus de dix ans, nous avons gardé les mêmes gestes : le poulet est mariné la veille, grillé lentement et badigeonné de notre sauce maison. Autour, les frites sont coupées sur place, les francesinhas sont nappées de notre sauce secrète et les desserts sont faits maison.',
      "Aujourd'hui, vous pouvez nous retrouver en salle, commander à emporter ou vous faire livrer. Notre promesse reste la même : que chaque assiette ait le goût des dimanches en famille.",
    ],
    storyImageAlt: 'Le grill au charbon de bois du restaurant',
    commitmentsTitle: 'Nos engagements',
    commitments: [
      {
        title: 'Qualité',
        text: 'Des poulets frais de producteurs de la Grande Région, des légumes de saison et des frites coupées chaque matin.',
      },
      {
        title: 'Hospitalité',
        text: "Une équipe souriante qui vous accueille comme à la maison, qu'il s'agisse d'un repas rapide ou d'une grande tablée.",
      },
      {
        title: 'Tradition',
        text: 'Les recettes de la famille, transmises de génération en génération, et la cuisson au vrai charbon de bois.',
      },
      {
        title: 'Consistance',
        text: 'Le même goût à chaque visite : mêmes marinades, mêmes temps de cuisson, même exigence.',
      },
    ],
    ctaTitle: 'Venez nous rendre visite',
    ctaText: 'Une table vous attend, pour deux ou pour toute la famille.',
    cta: 'Réserver une Table',
  },
  location: {
    title: 'Localisation',
    subtitle: 'Au cœur de Differdange, facile d’accès et avec parking à proximité.',
    addressTitle: 'Notre adresse',
    directions: "Obtenir l'Itinéraire",
    callUs: 'Appelez-nous',
    writeUs: 'Écrivez-nous',
    mapTitle: 'Carte : emplacement du restaurant à Differdange',
    access: 'Accès',
    accessText: 'Bus : arrêt « Differdange, Gare » à 5 minutes à pied. Parking public gratuit à proximité.',
    hoursTitle: "Heures d'ouverture",
  },
  hours: {
    title: "Heures d'ouverture",
    kitchen: (minutes: number) =>
      minutes > 0
        ? `La cuisine ferme ${minutes} minutes avant la fermeture.`
        : 'La cuisine prend les commandes jusqu’à la fermeture.',
    /** The week's lines (`weekServices`): the day, Monday 1, and its services or « Fermé ». */
    day: (weekday: number) => WEEKDAYS[weekday - 1] ?? '',
    services: (services: readonly Service[]) =>
      services.length ? services.map(([opens, closes]) => `${opens} – ${closes}`).join(' · ') : 'Fermé',
    exceptionsTitle: 'Dates particulières',
    closedOn: (reason: string) => (reason ? `Fermé (${reason})` : 'Fermé'),
    specialOpening: (hours: string, reason: string) => (reason ? `${hours} (${reason})` : hours),
    openNow: 'Ouvert maintenant',
    closedNow: 'Fermé pour le moment',
  },
  contact: {
    title: 'Contact',
    subtitle: 'Une question, une réservation, un grand groupe ? Nous sommes là.',
    phone: 'Téléphone',
    email: 'E-mail',
    address: 'Adresse',
    formTitle: 'Réserver une table',
    formLead: 'Remplissez le formulaire : nous vous confirmons votre réservation par e-mail.',
    name: 'Nom complet',
    emailField: 'E-mail',
    phoneField: 'Téléphone',
    date: 'Date',
    time: 'Heure',
    people: 'Nombre de personnes',
    peoplePlaceholder: 'Choisir…',
    peopleOption: (p: string) => (p === '1' ? '1 personne' : p === '10+' ? 'Plus de 10 personnes' : `${p} personnes`),
    timePlaceholder: 'Choisir…',
    message: 'Message',
    messagePlaceholder: 'Anniversaire, chaise bébé, allergies…',
    submit: 'Envoyer la réservation',
    submitting: 'Envoi en cours…',
    closedDay: 'Le restaurant est fermé ce jour-là : choisissez un autre jour.',
    noTimeLeft: 'Plus aucune heure disponible ce jour-là : choisissez un autre jour.',
    errorTitle: "Erreur d'Envoi !",
    errorText: 'Un problème est survenu. Veuillez réessayer plus tard.',
    faqTitle: 'Questions fréquentes',
    faq: [
      {
        q: 'Livrez-vous à domicile ?',
        a: "Oui, nous livrons à Differdange et dans les communes voisines. Indiquez votre ville dans le panier : les frais de livraison s'affichent aussitôt. La commande minimum en livraison est de 20€.",
      },
      {
        q: 'Puis-je commander à l’avance ?',
        a: 'Oui : activez la pré-commande dans le panier et choisissez une date à partir de demain et une heure pendant nos heures d’ouverture.',
      },
      {
        q: 'Quels moyens de paiement acceptez-vous ?',
        a: 'Les espèces et les cartes bancaires, au restaurant comme à la livraison.',
      },
      {
        q: 'Avez-vous des plats pour les enfants ?',
        a: 'Oui, notre Menu Enfant propose au choix des nuggets, des ailes de poulet ou un quart de poulet, avec frites et boisson.',
      },
      {
        q: 'Pouvez-vous accueillir des groupes ?',
        a: 'Avec plaisir ! Pour plus de 10 personnes, choisissez « Plus de 10 personnes » dans le formulaire ou appelez-nous directement.',
      },
    ],
  },
  reservationSent: {
    title: 'Réservation Envoyée !',
    text: 'Merci ! Nous avons bien reçu votre demande de réservation. Vous allez recevoir un e-mail de confirmation dans quelques instants.',
    spam: 'Pensez à vérifier votre dossier de courrier indésirable (spam) si vous ne le voyez pas.',
    home: "Retour à l'accueil",
  },
  reviews: {
    title: 'Avis de nos Clients',
    subtitle: 'Merci pour votre confiance : vos mots nous donnent envie de rallumer la braise chaque jour.',
    average: 'Note moyenne',
    outOf: (n: number) => `${n.toFixed(1).replace('.', ',')} sur 5`,
    count: (n: number) => `${n} avis`,
    leave: 'Laisser un avis',
    leaveText: 'Vous avez aimé ? Partagez votre expérience : cela aide beaucoup notre petite équipe.',
    stars: (n: number) => `${n} étoiles sur 5`,
    none: 'Les premiers avis arrivent bientôt.',
  },
  challenge: {
    title: 'Défi Burj Khalifa Burger',
    subtitle: 'Le burger le plus haut de Differdange vous attend. Êtes-vous à la hauteur ?',
    rulesTitle: 'Le défi',
    /** The burger itself (what it holds, its price) is the menu's dish: one truth, shown here as on the menu. */
    rules: [
      'Vous avez 30 minutes pour tout manger, seul et sans aide.',
      'Réussi ? Le repas est offert, votre photo rejoint notre mur des champions et vous recevez un t-shirt collector.',
    ],
    failed: (price: string) =>
      `Raté ? Le burger est facturé ${price} (le prix de la carte)… et vous repartez avec un doggy bag !`,
    contractTitle: 'Le contrat du défi',
    contractAlt: 'Contrat du défi Burj Khalifa Burger à signer avant de commencer',
    burgerAlt: 'Le burger géant Burj Khalifa',
    formTitle: 'Inscription au défi',
    formLead: 'Inscrivez-vous : nous vous contactons pour fixer la date de votre tentative.',
    name: 'Nom complet',
    email: 'E-mail',
    phone: 'Téléphone',
    agree: "J'ai lu et j'accepte les termes du contrat du défi.",
    submit: "S'inscrire au défi",
    submitting: 'Inscription en cours…',
    errorTitle: "Erreur lors de l'inscription",
    errorText: 'Une erreur est survenue. Veuillez réessayer.',
    successTitle: 'Inscription réussie !',
    successText: 'Nous avons bien reçu votre inscription au défi. Bonne chance !',
  },
} as const;
