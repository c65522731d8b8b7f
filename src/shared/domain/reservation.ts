import '../zod-setup.js';
import { z } from 'zod';

export const RESERVATION_PEOPLE = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+'] as const;
export const reservationPeopleSchema = z.enum(RESERVATION_PEOPLE);
export type ReservationPeople = z.infer<typeof reservationPeopleSchema>;

export const RESERVATION_STATUSES = ['En attente', 'Confirmée', 'Annulée'] as const;
export const reservationStatusSchema = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof reservationStatusSchema>;
export const INITIAL_RESERVATION_STATUS: ReservationStatus = 'En attente';

export const RESERVATION_STATUS_BADGES: Record<ReservationStatus, 'yellow' | 'green' | 'red'> = {
  'En attente': 'yellow',
  Confirmée: 'green',
  Annulée: 'red',
};

export const reservationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  reservation_date: z.string(),
  reservation_time: z.string(),
  people: reservationPeopleSchema,
  message: z.string().nullable(),
  status: reservationStatusSchema,
  created_at: z.string(),
  /** Why the restaurant cancelled, told to the guest (absent on rows read before the column existed). */
  cancel_reason: z.string().nullish(),
});
export type Reservation = z.output<typeof reservationSchema>;
