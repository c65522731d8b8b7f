// Anyone (the shop, right after placing an order): delivers the order's confirmation now. The e-mail was
// queued by the database with the order and is built from that row, so this can only ever reach the order's
// own customer, and calling it twice sends one e-mail.
import { serviceClient } from '../_shared/clients.ts';
import { deliverNow } from '../_shared/dispatch.ts';
import { HttpError, readJson, serveJson, siteUrl } from '../_shared/http.ts';
import { loadOrder, orderIdFrom, queuedFor } from '../_shared/orders.ts';

serveJson(async (req) => {
  const id = orderIdFrom(await readJson(req));
  const db = serviceClient();
  const order = await loadOrder(db, id);
  if (!order.customer_email) throw new HttpError(422, "Cette commande n'a pas d'adresse e-mail.");
  const queued = await queuedFor(db, order.id, 'order_confirmation');
  if (!queued) throw new HttpError(409, "Aucune confirmation n'est en file pour cette commande.");
  const {
    id: notificationId,
    kind,
    status,
  } = queued.status === 'sent' ? queued : await deliverNow(db, queued.id, siteUrl());
  // Anyone may call this: no provider errors or attempt details in the answer.
  return { orderId: order.id, notification: { id: notificationId, kind, status } };
});
