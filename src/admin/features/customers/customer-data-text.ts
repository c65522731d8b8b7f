import { featureCatalogue } from '../../i18n/catalogue.js';

/** The words of a customer's data on request (export, erasure) in Clientes. */
export const customerDataText = featureCatalogue({
  pt: {
    export: 'Exportar dados',
    erase: 'Apagar dados',
    exported: 'Dados exportados',
    exportedBody: 'O ficheiro {file} foi descarregado.',
    eraseTitle: 'Apagar os dados deste cliente?',
    eraseBody:
      '{who}: as encomendas ficam para a contabilidade, sem nome, telefone, e-mail nem morada; as reservas e inscrições perdem os contactos; o consentimento às promoções é apagado.{account} Não se pode desfazer.',
    eraseAccount: ' A conta é apagada e deixa de poder entrar.',
    eraseConfirm: 'Apagar definitivamente',
    erased: 'Dados apagados',
    erasedBody: '{orders} encomenda(s), {reservations} reserva(s) e {challenge} inscrição(ões) anonimizadas.',
    failed: 'Não foi possível',
    openOrder: 'Este cliente tem uma encomenda em curso: apague os dados depois de entregue, levantada ou recusada.',
    customerRequired: 'Indique o e-mail ou o telefone do cliente.',
    registeredCustomer: 'Este e-mail tem conta: use os botões da linha do cliente na lista.',
    invalidEmail: 'E-mail inválido.',
    unknownCustomer: 'Cliente desconhecido.',
    guestTitle: 'Cliente sem conta',
    guestIntro:
      'Um cliente que telefona a pedir os seus dados ou o seu apagamento: indique o e-mail e/ou o telefone com que encomendou ou reservou.',
    guestEmail: 'E-mail',
    guestPhone: 'Telefone',
  },
  fr: {
    export: 'Exporter les données',
    erase: 'Effacer les données',
    exported: 'Données exportées',
    exportedBody: 'Le fichier {file} a été téléchargé.',
    eraseTitle: 'Effacer les données de ce client ?',
    eraseBody:
      '{who} : les commandes restent pour la comptabilité, sans nom, téléphone, e-mail ni adresse ; les réservations et inscriptions perdent leurs coordonnées ; le consentement aux offres est effacé.{account} Impossible de revenir en arrière.',
    eraseAccount: ' Le compte est supprimé et ne peut plus se connecter.',
    eraseConfirm: 'Effacer définitivement',
    erased: 'Données effacées',
    erasedBody: '{orders} commande(s), {reservations} réservation(s) et {challenge} inscription(s) anonymisées.',
    failed: 'Impossible',
    openOrder: 'Ce client a une commande en cours : effacez ses données une fois livrée, retirée ou refusée.',
    customerRequired: 'Indiquez l’e-mail ou le téléphone du client.',
    registeredCustomer: 'Cette adresse a un compte : utilisez les boutons de sa ligne dans la liste.',
    invalidEmail: 'Adresse e-mail invalide.',
    unknownCustomer: 'Client inconnu.',
    guestTitle: 'Client sans compte',
    guestIntro:
      'Un client qui appelle pour obtenir ou effacer ses données : indiquez l’e-mail et/ou le téléphone avec lesquels il a commandé ou réservé.',
    guestEmail: 'E-mail',
    guestPhone: 'Téléphone',
  },
});
