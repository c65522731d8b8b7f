import { useLanguage, type Language } from './index.js';

/** Texts of order acceptance (alert panel and its settings), Portuguese first, French for the French-speaking staff. */
const pt = {
  panelTitle: '{n} encomenda(s) por aceitar',
  panelHelp: 'Aceite com a hora de pronto: o cliente é avisado de imediato.',
  delivery: 'Entrega',
  pickup: 'Levantamento',
  preorderFor: 'Pré-encomenda para {date} às {time}',
  receivedAt: 'Recebida às {time}',
  acceptIn: 'Aceitar — pronta em',
  minutes: '{n} min',
  acceptPreorder: 'Aceitar para {time}',
  refuse: 'Recusar',
  refuseTitle: 'Recusar a encomenda #{id}',
  reasonLabel: 'Motivo (enviado ao cliente, em francês)',
  reasonPlaceholder: 'Ex.: Cuisine complète ce soir',
  confirmRefuse: 'Confirmar recusa',
  cancel: 'Cancelar',
  accepted: 'Encomenda #{id} aceite — {ready}',
  refused: 'Encomenda #{id} recusada',
  acceptFailed: 'Não foi possível aceitar',
  refuseFailed: 'Não foi possível recusar',
  alreadyHandled: 'Esta encomenda já foi tratada noutro ecrã.',
  reasonRequired: 'Escreva o motivo (pelo menos 3 caracteres).',
  reasonTooLong: 'O motivo tem no máximo 300 caracteres.',
  badReadyTime: 'Hora de pronto inválida (1 a 240 min).',
  forbidden: 'Só um administrador pode aceitar encomendas.',
  autoAccepted: 'Encomenda #{id} aceite automaticamente — {ready}',
  settingsTitle: 'Aceitação das encomendas',
  settingsHelp: 'Cada nova encomenda toca até alguém a aceitar com a hora de pronto, ou a recusar.',
  defaultMinutes: 'Tempo de preparação por defeito (min)',
  autoAccept: 'Aceitar automaticamente',
  autoAcceptHelp: 'Aceita logo com o tempo por defeito, imprime e toca uma vez.',
  capacityTitle: 'Capacidade por intervalo de 15 min',
  capacityHelp: 'Vazio = sem limite. Um intervalo cheio fica indisponível na loja.',
  capacityDelivery: 'Entregas por intervalo',
  capacityPickup: 'Levantamentos por intervalo',
  save: 'Guardar',
  saved: 'Definições de aceitação guardadas',
  saveFailed: 'Não foi possível guardar as definições de aceitação.',
  minutesInvalid: 'O tempo por defeito deve estar entre 5 e 240 minutos.',
  capacityInvalid: 'A capacidade deve ser um número inteiro entre 1 e 500, ou vazio.',
  titleCount: '({n}) por aceitar',
};

const fr: typeof pt = {
  panelTitle: '{n} commande(s) à accepter',
  panelHelp: 'Acceptez avec l’heure prévue : le client est prévenu aussitôt.',
  delivery: 'Livraison',
  pickup: 'À emporter',
  preorderFor: 'Pré-commande pour le {date} à {time}',
  receivedAt: 'Reçue à {time}',
  acceptIn: 'Accepter — prête dans',
  minutes: '{n} min',
  acceptPreorder: 'Accepter pour {time}',
  refuse: 'Refuser',
  refuseTitle: 'Refuser la commande #{id}',
  reasonLabel: 'Raison (envoyée au client)',
  reasonPlaceholder: 'Ex. : Cuisine complète ce soir',
  confirmRefuse: 'Confirmer le refus',
  cancel: 'Annuler',
  accepted: 'Commande #{id} acceptée — {ready}',
  refused: 'Commande #{id} refusée',
  acceptFailed: 'Impossible d’accepter',
  refuseFailed: 'Impossible de refuser',
  alreadyHandled: 'Cette commande a déjà été traitée sur un autre écran.',
  reasonRequired: 'Indiquez la raison (au moins 3 caractères).',
  reasonTooLong: 'La raison ne peut pas dépasser 300 caractères.',
  badReadyTime: 'Heure prévue invalide (1 à 240 min).',
  forbidden: 'Seul un administrateur peut accepter les commandes.',
  autoAccepted: 'Commande #{id} acceptée automatiquement — {ready}',
  settingsTitle: 'Acceptation des commandes',
  settingsHelp: 'Chaque nouvelle commande sonne jusqu’à ce que quelqu’un l’accepte avec l’heure prévue, ou la refuse.',
  defaultMinutes: 'Temps de préparation par défaut (min)',
  autoAccept: 'Accepter automatiquement',
  autoAcceptHelp: 'Accepte aussitôt avec le temps par défaut, imprime et sonne une fois.',
  capacityTitle: 'Capacité par créneau de 15 min',
  capacityHelp: 'Vide = sans limite. Un créneau complet est grisé dans la boutique.',
  capacityDelivery: 'Livraisons par créneau',
  capacityPickup: 'Retraits par créneau',
  save: 'Enregistrer',
  saved: 'Réglages d’acceptation enregistrés',
  saveFailed: 'Impossible d’enregistrer les réglages d’acceptation.',
  minutesInvalid: 'Le temps par défaut doit être entre 5 et 240 minutes.',
  capacityInvalid: 'La capacité doit être un nombre entier entre 1 et 500, ou vide.',
  titleCount: '({n}) à accepter',
};

export type AcceptanceKey = keyof typeof pt;
const catalogues: Record<Language, typeof pt> = { pt, fr };

export function acceptanceText(
  language: Language,
  key: AcceptanceKey,
  vars: Record<string, string | number> = {},
): string {
  return catalogues[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export function useAcceptanceT(): (key: AcceptanceKey, vars?: Record<string, string | number>) => string {
  const language = useLanguage((s) => s.language);
  return (key, vars) => acceptanceText(language, key, vars);
}

/** Outside React (toasts raised from callbacks). */
export function at(key: AcceptanceKey, vars?: Record<string, string | number>): string {
  return acceptanceText(useLanguage.getState().language, key, vars);
}
