import { isUnfilledNumber } from '../../shared/domain/restaurant-defaults.js';

/** What the legal pages say about the restaurant: the stored identity (store_settings 'restaurant'). */
export interface LegalIdentity {
  company: string;
  /** Street, postal code, city and country. */
  fullAddress: string;
  phoneDisplay: string;
  email: string;
  rcs: string;
  vat: string;
}

/**
 * What the legal notice must name and the restaurant has not filled in yet, in plain words. The web host has
 * no field in the stored identity: until it has one, the page says it is missing rather than name none.
 */
export function missingLegalDetails(r: LegalIdentity): string[] {
  return [
    isUnfilledNumber(r.rcs) && 'le numéro d’immatriculation au Registre de Commerce et des Sociétés (RCS)',
    isUnfilledNumber(r.vat) && 'le numéro d’identification TVA',
    'le nom, l’adresse et le téléphone de l’hébergeur du site',
  ].filter((x): x is string => !!x);
}

const NOT_FILLED = 'pas encore renseigné par le restaurant';

const registration = (r: LegalIdentity) =>
  [
    isUnfilledNumber(r.rcs)
      ? `Numéro d’immatriculation au Registre de Commerce et des Sociétés de Luxembourg : ${NOT_FILLED}.`
      : `Immatriculée au Registre de Commerce et des Sociétés de Luxembourg sous le numéro ${r.rcs}.`,
    isUnfilledNumber(r.vat)
      ? `Numéro d’identification TVA : ${NOT_FILLED}.`
      : `Numéro d’identification TVA : ${r.vat}.`,
  ].join(' ');

const missingSection = (r: LegalIdentity): LegalSection[] => {
  const missing = missingLegalDetails(r);
  if (missing.length === 0) return [];
  return [
    {
      title: 'Informations à compléter',
      paragraphs: [
        `Le restaurant n’a pas encore renseigné sur ce site : ${missing.join(' ; ')}. Elles figureront sur cette page dès qu’elles le seront ; en attendant, vous pouvez les demander par téléphone (${r.phoneDisplay}) ou par e-mail (${r.email}).`,
      ],
    },
  ];
};

export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
}

/** The three legal pages; updated is shown under the title. */
export const legal = {
  updated: 'Dernière mise à jour : 1er octobre 2025',
  notice: {
    title: 'Mentions légales',
    sections: (r: LegalIdentity): LegalSection[] => [
      ...missingSection(r),
      {
        title: 'Éditeur du site',
        paragraphs: [
          `Le présent site est édité par ${r.company}, dont le siège social est situé ${r.fullAddress}.`,
          registration(r),
          `Téléphone : ${r.phoneDisplay} · E-mail : ${r.email}`,
          'Directeur de la publication : le gérant de la société.',
        ],
      },
      {
        title: 'Hébergement',
        paragraphs: [`Hébergeur du site (nom, adresse, téléphone) : ${NOT_FILLED}.`],
      },
      {
        title: 'Propriété intellectuelle',
        paragraphs: [
          `L’ensemble des contenus de ce site (textes, illustrations, logos, marques, photographies, mise en page) est la propriété exclusive de ${r.company} ou de ses partenaires et est protégé par le droit luxembourgeois et international de la propriété intellectuelle.`,
          'Toute reproduction, représentation, modification ou exploitation, totale ou partielle, sans autorisation écrite préalable est interdite et constitue une contrefaçon.',
        ],
      },
      {
        title: 'Données personnelles et cookies',
        paragraphs: [
          'Les informations relatives au traitement de vos données personnelles et à l’utilisation des cookies figurent dans notre Politique de confidentialité.',
        ],
      },
      {
        title: 'Responsabilité',
        paragraphs: [
          'Nous veillons à l’exactitude des informations publiées (carte, prix, horaires) mais ne pouvons garantir l’absence d’erreurs ponctuelles. Les photographies et illustrations des plats sont non contractuelles.',
          'Les liens vers des sites tiers (cartes, réseaux sociaux, avis) sont fournis pour votre confort ; nous ne sommes pas responsables de leur contenu.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Politique de confidentialité',
    sections: (r: LegalIdentity): LegalSection[] => [
      {
        title: 'Responsable du traitement',
        paragraphs: [
          `${r.company}, ${r.fullAddress}, est responsable du traitement de vos données personnelles. Pour toute question : ${r.email}.`,
        ],
      },
      {
        title: 'Données collectées et finalités',
        paragraphs: [
          'Commandes : nom, téléphone, e-mail, adresse de livraison, contenu de la commande et remarques, afin de préparer, livrer et facturer votre commande et de vous informer de son suivi (base légale : exécution du contrat).',
          'Réservations et contact : nom, e-mail, téléphone, date, heure, nombre de personnes et message, afin de gérer votre réservation et répondre à vos demandes (base légale : mesures précontractuelles).',
          'Compte client : e-mail et mot de passe (chiffré), afin de vous permettre de consulter votre historique et de pré-remplir vos commandes (base légale : contrat).',
          'Défi Burj Khalifa Burger : nom, e-mail et téléphone facultatif, afin d’organiser votre participation (base légale : consentement).',
          'Informations commerciales : uniquement si vous avez un compte client, vous pouvez recevoir nos offres par e-mail ; vous pouvez vous y opposer à tout moment (base légale : intérêt légitime).',
        ],
      },
      {
        title: 'Destinataires',
        paragraphs: [
          'Vos données sont destinées exclusivement à notre équipe et, pour les besoins du service, à nos sous-traitants techniques (hébergement, envoi d’e-mails et de SMS), tous tenus à la confidentialité. Elles ne sont jamais vendues.',
        ],
      },
      {
        title: 'Durées de conservation',
        paragraphs: [
          'Données de commande : 10 ans, conformément aux obligations comptables et fiscales luxembourgeoises.',
          'Données de contact (réservations, demandes, inscriptions au défi, comptes inactifs) : 3 ans après le dernier échange avec vous.',
          'Cookies et stockage local : 13 mois au maximum.',
        ],
      },
      {
        title: 'Cookies et stockage local',
        paragraphs: [
          'Le site n’utilise aucun cookie publicitaire ni de mesure d’audience. Seuls sont utilisés des éléments strictement nécessaires : le contenu de votre panier, votre session de connexion et votre choix concernant l’installation de l’application. Ils ne nécessitent pas de consentement.',
          'La carte intégrée (OpenStreetMap ou Google Maps) et le widget d’avis éventuel sont fournis par des tiers susceptibles de déposer leurs propres cookies, régis par leurs politiques respectives.',
        ],
      },
      {
        title: 'Vos droits (RGPD)',
        paragraphs: [
          'Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité et d’opposition au traitement de vos données, ainsi que du droit de retirer votre consentement à tout moment.',
          `Pour exercer ces droits, écrivez-nous à ${r.email} ou par courrier à l’adresse ci-dessus, en justifiant de votre identité. Nous répondons dans un délai d’un mois.`,
          'Si vous avez un compte client, vous pouvez à tout moment, depuis votre profil, télécharger vos données (fichier JSON) et supprimer votre compte ; vos commandes sont alors conservées sans vos coordonnées pour nos obligations comptables.',
          'Vous pouvez également introduire une réclamation auprès de la Commission nationale pour la protection des données (CNPD), 15, Boulevard du Jazz, L-4370 Belvaux.',
        ],
      },
      {
        title: 'Sécurité',
        paragraphs: [
          'Vos données sont transmises de manière chiffrée et l’accès aux commandes est réservé au personnel autorisé. Les mots de passe ne sont jamais stockés en clair.',
        ],
      },
    ],
  },
  terms: {
    title: 'Conditions générales de vente',
    sections: (r: LegalIdentity): LegalSection[] => [
      {
        title: 'Objet',
        paragraphs: [
          `Les présentes conditions régissent les commandes passées sur ce site auprès de ${r.company}, ${r.fullAddress}. Toute commande implique leur acceptation.`,
        ],
      },
      {
        title: 'Produits',
        paragraphs: [
          'Nos plats sont préparés à la commande dans notre cuisine. Les photographies et illustrations sont non contractuelles. Certains produits peuvent être momentanément indisponibles ; ils sont alors signalés sur la carte. Les allergènes de chaque plat (les 14 du règlement (UE) n° 1169/2011) sont indiqués sur sa fiche de la carte et dans le panier, avant la commande ; la carte peut masquer les plats qui en contiennent. Lorsqu’ils ne sont pas encore renseignés pour un plat, la carte le dit : renseignez-vous alors au restaurant, où ces informations sont disponibles sur simple demande, comme pour les traces possibles.',
        ],
      },
      {
        title: 'Commandes',
        paragraphs: [
          'La commande est passée via le panier, après saisie de vos coordonnées, du mode de retrait (livraison ou à emporter) et du mode de paiement. Elle est ferme dès la confirmation affichée à l’écran ; un numéro de commande vous permet d’en suivre l’état.',
          'Les commandes ne sont acceptées que pendant les heures d’ouverture ; en dehors de celles-ci, une pré-commande peut être passée pour une date à partir du lendemain et une heure pendant nos heures d’ouverture.',
          'Nous nous réservons le droit d’annuler une commande en cas de coordonnées manifestement erronées ou d’impossibilité de livrer ; vous en êtes alors informé.',
        ],
      },
      {
        title: 'Prix',
        paragraphs: [
          'Les prix sont indiqués en euros, toutes taxes comprises (TVA luxembourgeoise incluse). Les frais de livraison, qui dépendent de votre commune, sont indiqués avant la validation de la commande. Le prix applicable est celui en vigueur au moment de la commande, recalculé par notre système.',
        ],
      },
      {
        title: 'Paiement',
        paragraphs: [
          'Le paiement s’effectue à la livraison ou au retrait, en espèces ou par carte bancaire, selon le mode choisi lors de la commande.',
        ],
      },
      {
        title: 'Livraison',
        paragraphs: [
          'Nous livrons dans les communes indiquées dans le panier. Un montant minimum de commande de 20€ (hors frais de livraison) est requis pour la livraison.',
          'Le délai affiché au panier et dans l’e-mail de confirmation est l’estimation du restaurant au moment de la commande, donnée à titre indicatif ; l’heure est confirmée quand le restaurant accepte la commande et peut varier selon l’affluence et les conditions de circulation.',
        ],
      },
      {
        title: 'Retrait sur place',
        paragraphs: [
          `Les commandes à emporter sont à retirer au restaurant, ${r.fullAddress}, sans minimum de commande.`,
        ],
      },
      {
        title: 'Absence de droit de rétractation',
        paragraphs: [
          'Conformément à l’article L. 222-5 du Code de la consommation luxembourgeois, le droit de rétractation ne s’applique pas à la fourniture de denrées alimentaires préparées à la commande et susceptibles de se détériorer rapidement.',
        ],
      },
      {
        title: 'Réclamations',
        paragraphs: [
          `Toute réclamation (produit manquant ou non conforme) doit nous parvenir le jour même par téléphone au ${r.phoneDisplay} ou par e-mail à ${r.email}. Nous vous proposerons une solution adaptée.`,
        ],
      },
      {
        title: 'Responsabilité',
        paragraphs: [
          'Notre responsabilité ne saurait être engagée en cas de retard ou d’inexécution dû à un cas de force majeure ou au fait du client (adresse erronée, absence lors de la livraison).',
        ],
      },
      {
        title: 'Droit applicable et litiges',
        paragraphs: [
          'Les présentes conditions sont soumises au droit luxembourgeois. En cas de litige, une solution amiable sera recherchée avant toute action ; à défaut, les tribunaux de Luxembourg sont compétents.',
          'Le consommateur peut aussi recourir gratuitement au Service national du Médiateur de la consommation.',
        ],
      },
    ],
  },
} as const;
