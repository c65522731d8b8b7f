import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../../shared/domain/index.js';
import { notifyOrderStatusChange } from '../../../shared/data/notify.js';
import { deleteOrder, orderKeys, sendPlainEmail, sendSms, updateOrderStatus } from '../../lib/data.js';

export function useUpdateOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) => updateOrderStatus(id, status),
    onSuccess: (order, { status }) => {
      qc.setQueryData(orderKeys.one(order.id), order);
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      // The status e-mail is already queued with the change; this only asks for it to go out now
      // instead of at the dispatcher's next round. A failure here loses nothing.
      if (order.customer_email) notifyOrderStatusChange(order.id, status).catch(() => {});
    },
  });
}

export function useDeleteOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteOrder(id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export function useSendSms() {
  return useMutation({ mutationFn: ({ to, body }: { to: string; body: string }) => sendSms(to, body) });
}

/** The notify dialog sends plain text; the function escapes it and turns newlines into line breaks. */
export function useSendOrderEmail() {
  return useMutation({
    mutationFn: ({ to, subject, message }: { to: string; subject: string; message: string }) =>
      sendPlainEmail(to, subject, message),
  });
}
