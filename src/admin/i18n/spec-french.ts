/**
 * Admin texts the spec quotes in French and that both catalogues show as written (the Portuguese one
 * included): kept here once, spread into `pt` and `fr`.
 */
export const promotionToasts = {
  'promotions.requiredTitle': 'Champs requis',
  'promotions.requiredBody': "Veuillez saisir un sujet et un contenu pour l'e-mail.",
  'promotions.noRecipientTitle': 'Aucun destinataire',
  'promotions.noRecipientBody': 'Veuillez sélectionner au moins un destinataire.',
  'promotions.failedTitle': "Erreur d'envoi",
  'promotions.failedBody': "Une erreur est survenue lors de l'e-mail. {message}",
  'promotions.sentTitle': 'E-mail envoyé avec succès!',
  'promotions.sentBody': 'Le message a été envoyé à {n} destinataire(s).',
} as const;
