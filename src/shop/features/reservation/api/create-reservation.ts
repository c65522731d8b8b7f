import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '../../../../shared/data/client.js';
import type { ReservationRow } from '../../../../shared/domain/reservation-form.js';

/** anon may not touch the table; the create_reservation RPC checks the form again and stores it. */
export async function createReservation(r: ReservationRow): Promise<void> {
  const { error } = await getSupabase().rpc('create_reservation', {
    p_name: r.name,
    p_email: r.email,
    p_phone: r.phone,
    p_reservation_date: r.reservation_date,
    p_reservation_time: r.reservation_time,
    p_people: r.people,
    p_message: r.message,
  });
  if (error) throw error;
}

export function useCreateReservation() {
  return useMutation({ mutationFn: createReservation });
}
