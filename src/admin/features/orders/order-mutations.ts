import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../../shared/domain/index.js';
import { deleteOrder, orderKeys, sendCustomEmail, sendSms, updateOrderStatus } from '../../lib/data.js';

export function useUpdateOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) => updateOrderStatus(id, status),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.one(order.id), order);
      void qc.invalidateQueries({ queryKey: orderKeys.all });
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The dashboard's notify dialog writes plain text: newlines become line breaks. */
export function plainTextToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

export function useSendOrderEmail() {
  return useMutation({
    mutationFn: ({ to, subject, message }: { to: string; subject: string; message: string }) => sendCustomEmail(to, subject, plainTextToHtml(message)),
  });
}
