// Admin: delivers now the status e-mail the database queued when the order's status changed. What is sent
// comes from the outbox row (the order as it was at the change), never from this request.
import { requireAdmin, serviceClient } from '../_shared/clients.ts';
import { deliverNow } from '../_shared/dispatch.ts';
import { HttpError, readJson, serveJson, siteUrl } from '../_shared/http.ts';
import { loadOrder, orderIdFrom, queuedFor } from '../_shared/orders.ts';
import { normaliseStatus, ORDER_STATUSES } from '../_shared/restaurant.ts';

serveJson(async (req) => {
  await requireAdmin(req);
  const body = await readJson(req);
  const id = orderIdFrom(body);
  const status = normaliseStatus(body.newStatus);
  if (!status) throw new HttpError(400, `Le champ "newStatus" doit être un de : ${ORDER_STATUSES.join(', ')}.`);
  const db = serviceClient();
  const order = await loadOrder(db, id);
  if (!order.customer_email) throw new HttpError(422, "Cette commande n'a pas d'adresse e-mail.");
  const queued = await queuedFor(db, order.id, 'order_status', status);
  if (!queued)
    throw new HttpError(
      409,
      `Aucun e-mail de statut « ${status} » n'est en file pour cette commande : mettez d'abord le statut à jour.`,
    );
  const notification = queued.status === 'sent' ? queued : await deliverNow(db, queued.id, siteUrl());
  return { orderId: order.id, notification };
});
