import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReservationForm } from '../domain/reservation-form.js';
import { queryKeys } from './query-keys.js';

/** The guests each time of a day can still take (reservation_room); `limited` false when the owner set no capacity. */
export interface ReservationRoom {
  date: string;
  limited: boolean;
  times: { time: string; remaining: number }[];
}

/** The two calls of the shop's reservation form (./reservations.ts), from the module that configures the client. */
export interface BookingCalls {
  fetchReservationRoom(date: string): Promise<ReservationRoom>;
  createReservation(form: ReservationForm): Promise<{ id: string }>;
}

/**
 * The shop's reservation form's hooks: the room left on the chosen date and the booking. `load` brings the
 * data layer (supabase-js and the schemas of orders and accounts) with the first of them, when the customer
 * picks a date or sends the form: not while the contact page becomes interactive, where evaluating it would
 * be a long task on a phone.
 */
export function createBooking(load: () => Promise<BookingCalls>) {
  return {
    /** The room left on the chosen date (none asked before a date is chosen). */
    useReservationRoom: (date: string) =>
      useQuery({
        enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
        refetchInterval: 60_000,
        queryKey: queryKeys.reservationRoom(date),
        queryFn: async () => (await load()).fetchReservationRoom(date),
      }),
    /** Books the table; the room of every date is read again afterwards. */
    useCreateReservation: () => {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: async (form: ReservationForm) => (await load()).createReservation(form),
        onSuccess: () => void qc.invalidateQueries({ queryKey: ['reservation-room'] }),
      });
    },
  };
}

/** The times of `slots` with room for `people` (a time the read does not list has no limit). */
export function timesWithRoom(slots: readonly string[], room: ReservationRoom | undefined, people: string): string[] {
  if (!room?.limited) return [...slots];
  const guests = people === '10+' ? 10 : Math.max(1, Number(people) || 1);
  const left = new Map(room.times.map((t) => [t.time, t.remaining]));
  return slots.filter((s) => (left.get(s) ?? Infinity) >= guests);
}
