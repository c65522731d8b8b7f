import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '../../../../shared/data/client.js';
import { INITIAL_RESERVATION_STATUS, type ReservationPeople } from '../../../../shared/domain/reservation.js';

export interface ReservationRequest {
  name: string;
  email: string;
  phone: string;
  reservation_date: string;
  reservation_time: string;
  people: ReservationPeople;
  message: string;
}

/** anon may insert but not read reservations, so no row is asked back. */
export async function createReservation(request: ReservationRequest): Promise<void> {
  const { error } = await getSupabase()
    .from('reservations')
    .insert({ ...request, message: request.message.trim() || null, status: INITIAL_RESERVATION_STATUS });
  if (error) throw error;
}

export function useCreateReservation() {
  return useMutation({ mutationFn: createReservation });
}
