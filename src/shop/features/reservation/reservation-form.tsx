import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { RESERVATION_PEOPLE } from '../../../shared/domain/reservation.js';
import {
  validateReservation,
  type ReservationField,
  type ReservationForm as Form,
} from '../../../shared/domain/reservation-form.js';
import { isClosedDay } from '../../../shared/domain/opening-hours.js';
import { latestReservationDate, reservationSlotsFor } from '../../../shared/domain/bookable-slots.js';
import { restaurantDate } from '../../../shared/domain/restaurant-time.js';
import { refusalOf } from '../../../shared/data/errors.js';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { fieldBinder, SelectField, TextArea, TextField } from '../../components/ui/field.js';
import { toastFailure } from '../../components/ui/toast-store.js';
import { useShopOpeningSchedule } from '../../lib/public-data.js';
import { useHydrated, useNowAs } from '../../../shared/ui/render-clock.js';
import { createBooking, timesWithRoom } from '../../../shared/data/reservation-booking.js';

// The form's calls: the shop's data layer (its session key set first) loads with the first of them.
const { useReservationRoom, useCreateReservation } = createBooking(() => import('../../lib/data.js'));

const t = fr.contact;
const empty: Required<Form> = { name: '', email: '', phone: '', date: '', time: '', people: '', message: '' };

export function ReservationForm() {
  // The page arrives prerendered: until React has taken it over, what is typed would be reset and a click would
  // send the form natively (its fields in the address), so the form waits for it.
  const hydrated = useHydrated();
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<{ field: ReservationField; message: string } | null>(null);
  const reservation = useCreateReservation();
  const navigate = useNavigate();
  const today = useNowAs((now) => restaurantDate(new Date(now)));
  // Today, only the times still to come are offered (the minute is read only once a date is chosen).
  const minute = useNowAs((now) => (form.date ? Math.floor(now / 60_000) : 0));
  const schedule = useShopOpeningSchedule().data;
  // With a capacity set by the restaurant, only the times with room left for the party (for one before it is chosen).
  const room = useReservationRoom(form.date).data;
  const slots = form.date
    ? timesWithRoom(reservationSlotsFor(form.date, new Date(minute * 60_000), schedule), room, form.people)
    : [];
  const busy = reservation.isPending;

  // A new date clears the time, whose slots depend on it; any change clears the error.
  const field = fieldBinder(
    'reservation',
    form,
    (patch) => {
      setForm((f) => ({ ...f, ...patch, ...('date' in patch ? { time: '' } : {}) }));
      setError(null);
    },
    (key) => (error?.field === key ? error.message : undefined),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = validateReservation(form, new Date());
    if (!check.ok) {
      setError({ field: check.field, message: check.message });
      document.getElementById(`reservation-${check.field}`)?.focus();
      return;
    }
    reservation.mutate(form, {
      onSuccess: () => navigate('/reservation-succes'),
      onError: (e) => toastFailure(refusalOf(e), t, 5000),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t.formTitle} className="space-y-4">
      <fieldset disabled={!hydrated || busy} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label={t.name} required autoComplete="name" {...field('name')} />
        </div>
        <TextField label={t.emailField} type="email" required autoComplete="email" {...field('email')} />
        <TextField label={t.phoneField} type="tel" required autoComplete="tel" {...field('phone')} />
        <TextField
          label={t.date}
          type="date"
          required
          min={today}
          max={latestReservationDate(new Date(`${today}T12:00:00Z`))}
          {...field('date')}
          hint={
            !form.date
              ? undefined
              : isClosedDay(form.date, schedule)
                ? t.closedDay
                : slots.length === 0
                  ? t.noTimeLeft
                  : undefined
          }
        />
        <SelectField label={t.time} required {...field('time')}>
          <option value="">{t.timePlaceholder}</option>
          {slots.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <SelectField label={t.people} required {...field('people')}>
            <option value="">{t.peoplePlaceholder}</option>
            {RESERVATION_PEOPLE.map((p) => (
              <option key={p} value={p}>
                {t.peopleOption(p)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="sm:col-span-2">
          <TextArea label={t.message} placeholder={t.messagePlaceholder} {...field('message')} />
        </div>
      </fieldset>
      <button type="submit" disabled={!hydrated || busy} className={buttonClass('primary', 'lg', 'w-full')}>
        {busy ? t.submitting : t.submit}
      </button>
    </form>
  );
}
