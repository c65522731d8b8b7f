import { legal } from './fr-legal.js';
import { pages } from './fr-pages.js';

const euro = (n: number) => `${n.toFixed(2).replace('.', ',')}€`;

/** Every string a customer reads in the shop. */
export const fr = {
  brand: { name: 'Churrasqueira', place: 'Differdange', tagline: 'Poulet grillé au charbon de bois' },
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
    pageText: 'La page n\'a pas pu être chargée. Vérifiez votre connexion puis réessayez.',
    reload: 'Recharger la page',
  },
  toast: { dismiss: 'Fermer la notification', region: 'Notifications' },
  install: { text: "Installez notre application pour commander plus vite.", install: 'Instalar', close: 'Fermer' },
  legal,
  ...pages,
} as const;

export type Catalogue = typeof fr;
