import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { RESERVATION_PEOPLE } from '../../../shared/domain/reservation.js';
import {
  validateReservation,
  type ReservationField,
  type ReservationForm as Form,
} from '../../../shared/domain/reservation-form.js';
import { isClosedDay, timeSlotsFor } from '../../../shared/domain/opening-hours.js';
import { luxembourgDate } from '../../../shared/domain/luxembourg-time.js';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { SelectField, TextArea, TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { refusalOf, useCreateReservationMutation, useOpeningScheduleQuery } from '../../lib/data.js';

const t = fr.contact;
const empty: Required<Form> = { name: '', email: '', phone: '', date: '', time: '', people: '', message: '' };

export function ReservationForm() {
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<{ field: ReservationField; message: string } | null>(null);
  const reservation = useCreateReservationMutation();
  const navigate = useNavigate();
  const today = luxembourgDate(new Date());
  const schedule = useOpeningScheduleQuery().data;
  const slots = form.date ? timeSlotsFor(form.date, schedule) : [];
  const busy = reservation.isPending;

  const set = (key: keyof Form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value, ...(key === 'date' ? { time: '' } : {}) }));
    setError(null);
  };
  const errorFor = (field: ReservationField) => (error?.field === field ? error.message : undefined);

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
      onError: (e) => {
        const refusal = refusalOf(e);
        toast({
          title: refusal?.title ?? t.errorTitle,
          description: refusal?.message ?? t.errorText,
          variant: 'destructive',
          duration: 5000,
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t.formTitle} className="space-y-4">
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            id="reservation-name"
            label={t.name}
            required
            autoComplete="name"
            value={form.name}
            onChange={set('name')}
            error={errorFor('name')}
          />
        </div>
        <TextField
          id="reservation-email"
          label={t.emailField}
          type="email"
          required
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errorFor('email')}
        />
        <TextField
          id="reservation-phone"
          label={t.phoneField}
          type="tel"
          required
          autoComplete="tel"
          value={form.phone}
          onChange={set('phone')}
          error={errorFor('phone')}
        />
        <TextField
          id="reservation-date"
          label={t.date}
          type="date"
          required
          min={today}
          value={form.date}
          onChange={set('date')}
          error={errorFor('date')}
          hint={form.date && isClosedDay(form.date, schedule) ? t.closedDay : undefined}
        />
        <SelectField
          id="reservation-time"
          label={t.time}
          required
          value={form.time}
          onChange={set('time')}
          error={errorFor('time')}
        >
          <option value="">{t.timePlaceholder}</option>
          {slots.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <SelectField
            id="reservation-people"
            label={t.people}
            required
            value={form.people}
            onChange={set('people')}
            error={errorFor('people')}
          >
            <option value="">{t.peoplePlaceholder}</option>
            {RESERVATION_PEOPLE.map((p) => (
              <option key={p} value={p}>
                {t.peopleOption(p)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="sm:col-span-2">
          <TextArea
            id="reservation-message"
            label={t.message}
            placeholder={t.messagePlaceholder}
            value={form.message}
            onChange={set('message')}
          />
        </div>
      </fieldset>
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'w-full')}>
        {busy ? t.submitting : t.submit}
      </button>
    </form>
  );
}
