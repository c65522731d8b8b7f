/** Promotional e-mail: the consent checkboxes (profile and cart) and the unsubscribe page (/desinscription). */
export const promotionsText = {
  account: {
    title: 'Nos offres par e-mail',
    label: 'Je souhaite recevoir les offres et nouveautés de la Churrasqueira par e-mail.',
    hint: 'Vous pouvez décocher à tout moment, ou utiliser le lien présent dans chaque e-mail.',
    since: (date: string) => `Accepté le ${date}.`,
    notConfirmed: 'Confirmez d’abord votre adresse e-mail (lien reçu à l’inscription) pour recevoir nos offres.',
    savedOn: 'Vous recevrez nos offres par e-mail.',
    savedOff: 'Vous ne recevrez plus nos offres par e-mail.',
    savedTitle: 'Préférence enregistrée',
    failed: 'Préférence non enregistrée',
  },
  checkout: {
    label: 'Recevoir les offres de la Churrasqueira (facultatif)',
    hint: 'Par e-mail, à cette adresse ; désinscription en un clic dans chaque message.',
  },
  unsubscribe: {
    pageTitle: 'Désinscription',
    title: 'Ne plus recevoir nos offres',
    lead: 'Confirmez et cette adresse ne recevra plus nos offres par e-mail. Les messages sur vos commandes et réservations continuent d’arriver.',
    button: 'Me désinscrire',
    sending: 'Désinscription…',
    doneTitle: 'C’est fait',
    done: 'Vous ne recevrez plus nos offres par e-mail. Vous pouvez les accepter à nouveau lors d’une commande ou dans votre compte.',
    unknown: 'Ce lien de désinscription n’est pas valable. Vérifiez qu’il est complet, ou appelez le restaurant.',
    failed: 'La désinscription n’a pas abouti. Vérifiez votre connexion puis réessayez.',
    home: 'Retour à l’accueil',
  },
} as const;
