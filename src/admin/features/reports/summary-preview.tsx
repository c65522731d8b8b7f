import { layoutDaySummary, type TakingsReport, type TicketColumns } from '../../../shared/domain/index.js';
import { ticketRestaurant } from '../../../shared/domain/restaurant.js';
import { TICKET_FR } from '../../../shared/i18n/ticket-fr.js';
import { useRestaurantIdentity } from '../../lib/data.js';
import { PaperTicket } from '../../components/ui/paper-ticket.js';

/** The day summary drawn from the layout the kiosk prints. */
export function SummaryPreview({
  report,
  columns,
  printedAt,
}: {
  report: TakingsReport;
  columns: TicketColumns;
  printedAt: Date;
}) {
  const restaurant = ticketRestaurant(useRestaurantIdentity());
  return (
    <PaperTicket
      testId="day-summary"
      columns={columns}
      lines={layoutDaySummary(report, { columns, restaurant, printedAt, words: TICKET_FR })}
    />
  );
}
