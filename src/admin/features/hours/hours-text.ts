import { featureCatalogue } from '../../i18n/catalogue.js';
import { useLanguage } from '../../i18n/index.js';

/** Texts of the opening-hours screen, Portuguese first, French for the French-speaking staff. */
const pt = {
  title: 'Horário e encerramentos',
  weeklyTitle: 'Horário semanal',
  weeklyHelp: 'Vários serviços por dia (no máximo 4). Um dia sem serviço fica fechado.',
  closed: 'Fechado',
  opens: 'Abre',
  closes: 'Fecha',
  addService: 'Serviço',
  removeService: 'Remover o serviço',
  lastOrder: 'Última encomenda (minutos antes do fecho)',
  saveWeekly: 'Guardar o horário',
  saved: 'Horário guardado',
  exceptionsTitle: 'Feriados e aberturas especiais',
  exceptionsHelp: 'Uma data substitui o horário semanal nesse dia. O motivo é mostrado aos clientes (em francês).',
  date: 'Data',
  kind: 'Tipo',
  kindClosed: 'Fechado (feriado, férias…)',
  kindOpen: 'Abertura especial',
  reason: 'Motivo (mostrado aos clientes)',
  reasonPlaceholder: 'Ex.: Noël',
  addException: 'Adicionar a data',
  exceptionSaved: 'Data guardada',
  noExceptions: 'Nenhuma data particular.',
  remove: 'Remover',
  removed: 'Data removida',
  failed: 'Não foi possível guardar',
  loadFailed: 'Não foi possível ler o horário. Recarregue a página; nada foi alterado.',
  badTime: '{day}: hora inválida (HH:MM).',
  badOrder: '{day}: cada serviço abre antes de fechar, por ordem e sem sobreposição.',
  tooMany: '{day}: no máximo 4 serviços.',
  badOffset: 'A última encomenda fica entre 0 e 180 minutos antes do fecho.',
  badDate: 'Escolha uma data entre hoje e daqui a dois anos.',
  reasonTooLong: 'O motivo tem no máximo 200 caracteres.',
  needService: 'Uma abertura especial precisa de pelo menos um serviço.',
  days: 'Segunda|Terça|Quarta|Quinta|Sexta|Sábado|Domingo',
};
const fr: typeof pt = {
  title: 'Horaires et fermetures',
  weeklyTitle: 'Horaires de la semaine',
  weeklyHelp: 'Plusieurs services par jour (4 au plus). Un jour sans service est fermé.',
  closed: 'Fermé',
  opens: 'Ouvre',
  closes: 'Ferme',
  addService: 'Service',
  removeService: 'Retirer le service',
  lastOrder: 'Dernière commande (minutes avant la fermeture)',
  saveWeekly: 'Enregistrer les horaires',
  saved: 'Horaires enregistrés',
  exceptionsTitle: 'Jours fériés et ouvertures spéciales',
  exceptionsHelp: 'Une date remplace les horaires de la semaine ce jour-là. Le motif est montré aux clients.',
  date: 'Date',
  kind: 'Type',
  kindClosed: 'Fermé (jour férié, congés…)',
  kindOpen: 'Ouverture spéciale',
  reason: 'Motif (montré aux clients)',
  reasonPlaceholder: 'Ex. : Noël',
  addException: 'Ajouter la date',
  exceptionSaved: 'Date enregistrée',
  noExceptions: 'Aucune date particulière.',
  remove: 'Retirer',
  removed: 'Date retirée',
  failed: "Impossible d'enregistrer",
  loadFailed: 'Impossible de lire les horaires. Rechargez la page ; rien n’a été modifié.',
  badTime: '{day} : heure invalide (HH:MM).',
  badOrder: '{day} : chaque service ouvre avant de fermer, dans l’ordre et sans chevauchement.',
  tooMany: '{day} : 4 services au plus.',
  badOffset: 'La dernière commande est entre 0 et 180 minutes avant la fermeture.',
  badDate: "Choisissez une date entre aujourd'hui et dans deux ans.",
  reasonTooLong: 'Le motif fait 200 caractères au plus.',
  needService: 'Une ouverture spéciale a besoin d’au moins un service.',
  days: 'Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche',
};

export const useHoursT = featureCatalogue<keyof typeof pt>({ pt, fr }).useText;

/** A date as the staff read it in their language: 'quarta-feira, 25 de novembro de 2026'. */
export function useHoursDate(): (day: string) => string {
  const language = useLanguage((s) => s.language);
  return (day) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString(language === 'pt' ? 'pt-PT' : 'fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
}
