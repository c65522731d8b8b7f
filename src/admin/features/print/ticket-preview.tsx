import { layoutTicket, type Order, type TicketColumns } from '../../../shared/domain/index.js';
import { ticketRestaurant } from '../../../shared/domain/restaurant.js';
import { TICKET_FR } from '../../../shared/i18n/ticket-fr.js';
import { useRestaurantIdentity } from '../../lib/data.js';
import { PaperTicket } from '../../components/ui/paper-ticket.js';

/** The paper ticket drawn from the same layout the kiosk prints. */
export function TicketPreview({ order, columns }: { order: Order; columns: TicketColumns }) {
  const restaurant = ticketRestaurant(useRestaurantIdentity());
  const lines = layoutTicket(order, {
    columns,
    kind: 'customer',
    restaurant,
    words: TICKET_FR,
  });
  return <PaperTicket testId="ticket" columns={columns} lines={lines} />;
}
