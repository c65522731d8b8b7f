import { layoutTicket, type Order, type TicketColumns } from '../../../shared/domain/index.js';
import { RESTAURANT } from '../../../shared/domain/restaurant.js';
import { PaperTicket } from '../../components/ui/paper-ticket.js';

/** The paper ticket drawn from the same layout the kiosk prints. */
export function TicketPreview({ order, columns }: { order: Order; columns: TicketColumns }) {
  const lines = layoutTicket(order, {
    columns,
    kind: 'customer',
    restaurant: { name: RESTAURANT.name, address: RESTAURANT.address, phone: RESTAURANT.phoneDisplay },
  });
  return <PaperTicket testId="ticket" columns={columns} lines={lines} />;
}
