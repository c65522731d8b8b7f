import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reservationSchema, type Reservation, type ReservationStatus } from '../domain/reservation.js';
import type { ReservationForm } from '../domain/reservation-form.js';
import { phoneToSend } from '../domain/contact-fields.js';
import { getSupabase, newestFirst } from './client.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import type { ReservationRoom } from './reservation-booking.js';
import { subscribeToChangesTopic, type SubscribeOptions, type Unsubscribe } from './realtime.js';
import { useServerMutation, useServerQuery, type MutationOptions, type QueryOptions } from './react-query.js';

/** Through create_reservation: the database checks the form and answers with French refusals. */
export async function createReservation(form: ReservationForm): Promise<{ id: string }> {
  const { data, error } = await getSupabase().rpc('create_reservation', {
    p_name: form.name,
    p_email: form.email,
    p_phone: phoneToSend(form.phone),
    p_reservation_date: form.date,
    p_reservation_time: form.time,
    p_people: form.people,
    p_message: form.message ?? null,
  });
  failIf(error);
  return { id: (data as { id: string }).id };
}

export async function fetchReservations(): Promise<Reservation[]> {
  const { data, error } = await newestFirst('reservations');
  failIf(error);
  return (data ?? []).map((r) =>
    reservationSchema.parse({ ...r, reservation_time: String(r.reservation_time).slice(0, 5) }),
  );
}

export async function fetchPendingReservationCount(): Promise<number> {
  const { count, error } = await getSupabase()
    .from('reservations')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'En attente');
  failIf(error);
  return count ?? 0;
}

/** The guest is told by e-mail (Confirmée, Annulée); a cancellation carries its reason when one is given. */
export async function updateReservationStatus(
  id: string,
  status: ReservationStatus,
  cancelReason?: string | null,
): Promise<void> {
  const cancel_reason = status === 'Annulée' ? cancelReason?.trim() || null : null;
  const { error } = await getSupabase().from('reservations').update({ status, cancel_reason }).eq('id', id);
  failIf(error);
}

export async function deleteReservation(id: string): Promise<void> {
  const { error } = await getSupabase().from('reservations').delete().eq('id', id);
  failIf(error);
}

/** The back office's topic of every reservation change (supabase/migrations/20251128110000_live_topics.sql). */
export const ADMIN_RESERVATIONS_TOPIC = 'reservations:admin';

/** Admin: calls back with each new reservation as it is inserted, over the private topic `reservations:admin`. */
export function subscribeToNewReservations(
  onReservation: (reservation: Reservation) => void,
  options: SubscribeOptions = {},
): Unsubscribe {
  return subscribeToChangesTopic<Reservation>(
    ADMIN_RESERVATIONS_TOPIC,
    'INSERT',
    (change) => {
      const parsed = reservationSchema.safeParse({
        ...change.new,
        reservation_time: String((change.new as Reservation).reservation_time).slice(0, 5),
      });
      if (parsed.success) onReservation(parsed.data);
    },
    options,
  );
}

/** Admin: every reservation list refetches on each new reservation, then `onReservation` hears of it. */
export function useNewReservations(onReservation: (reservation: Reservation) => void): void {
  const qc = useQueryClient();
  const latest = useRef(onReservation);
  useEffect(() => {
    latest.current = onReservation;
  });
  useEffect(() => {
    const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.reservations.all });
    return subscribeToNewReservations(
      (reservation) => {
        refresh();
        latest.current(reservation);
      },
      // Every (re)join re-reads: a reservation made while the channel was joining or offline is not missed.
      { onJoin: refresh },
    );
  }, [qc]);
}

/** The room left on a date (the shop's form: src/shared/data/reservation-booking.ts). */
export async function fetchReservationRoom(date: string): Promise<ReservationRoom> {
  const { data, error } = await getSupabase().rpc('reservation_room', { p_date: date });
  failIf(error);
  return data as ReservationRoom;
}

/** Admin: newest first. */
export const useReservationsQuery = (options?: QueryOptions<Reservation[]>) =>
  useServerQuery(queryKeys.reservations.all, fetchReservations, options);

export const usePendingReservationCountQuery = (options?: QueryOptions<number>) =>
  useServerQuery(queryKeys.reservations.pendingCount, fetchPendingReservationCount, options);

const setReservationStatus = (v: { id: string; status: ReservationStatus; cancelReason?: string | null }) =>
  updateReservationStatus(v.id, v.status, v.cancelReason);

/** Every reservation list refetches after a change. */
const reservationLists = { invalidate: [queryKeys.reservations.all] };

export const useUpdateReservationStatusMutation = (options?: MutationOptions<typeof setReservationStatus>) =>
  useServerMutation(setReservationStatus, options, reservationLists);

export const useDeleteReservationMutation = (options?: MutationOptions<typeof deleteReservation>) =>
  useServerMutation(deleteReservation, options, reservationLists);
