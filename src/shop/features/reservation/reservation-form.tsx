import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { RESERVATION_PEOPLE, type ReservationPeople } from '../../../shared/domain/reservation.js';
import { isClosedDay, timeSlotsFor } from '../../../shared/domain/opening-hours.js';
import { luxembourgDate } from '../../../shared/domain/luxembourg-time.js';
import { fr } from '../../i18n/fr.js';
import { buttonClass } from '../../components/ui/button.js';
import { SelectField, TextArea, TextField } from '../../components/ui/field.js';
import { toast } from '../../components/ui/toast-store.js';
import { useCreateReservation, type ReservationRequest } from './api/create-reservation.js';

const t = fr.contact;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Form = Omit<ReservationRequest, 'people'> & { people: ReservationPeople | '' };
type Errors = Partial<Record<keyof Form, string>>;

const empty: Form = { name: '', email: '', phone: '', reservation_date: '', reservation_time: '', people: '', message: '' };

function check(form: Form, today: string): Errors {
  const errors: Errors = {};
  for (const key of ['name', 'email', 'phone', 'reservation_date', 'reservation_time', 'people'] as const) {
    if (!form[key].trim()) errors[key] = t.required;
  }
  if (!errors.email && !EMAIL.test(form.email.trim())) errors.email = t.invalidEmail;
  if (!errors.reservation_date && form.reservation_date < today) errors.reservation_date = t.pastDate;
  else if (!errors.reservation_date && isClosedDay(form.reservation_date)) errors.reservation_date = t.closedDay;
  return errors;
}

export function ReservationForm() {
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const reservation = useCreateReservation();
  const navigate = useNavigate();
  const today = luxembourgDate(new Date());
  const slots = form.reservation_date ? timeSlotsFor(form.reservation_date) : [];
  const busy = reservation.isPending;

  const set = (key: keyof Form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value, ...(key === 'reservation_date' ? { reservation_time: '' } : {}) }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(form, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    reservation.mutate(
      { ...form, name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim(), people: form.people as ReservationPeople },
      {
        onSuccess: () => navigate('/reservation-succes'),
        onError: () => toast({ title: t.errorTitle, description: t.errorText, variant: 'destructive', duration: 5000 }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t.formTitle} className="space-y-4">
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField id="reservation-name" label={t.name} required autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} />
        </div>
        <TextField id="reservation-email" label={t.emailField} type="email" required autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
        <TextField id="reservation-phone" label={t.phoneField} type="tel" required autoComplete="tel" value={form.phone} onChange={set('phone')} error={errors.phone} />
        <TextField id="reservation-date" label={t.date} type="date" required min={today} value={form.reservation_date} onChange={set('reservation_date')} error={errors.reservation_date} />
        <SelectField id="reservation-time" label={t.time} required value={form.reservation_time} onChange={set('reservation_time')} error={errors.reservation_time}>
          <option value="">{t.timePlaceholder}</option>
          {slots.map((s) => <option key={s} value={s}>{s}</option>)}
        </SelectField>
        <div className="sm:col-span-2">
          <SelectField id="reservation-people" label={t.people} required value={form.people} onChange={set('people')} error={errors.people}>
            <option value="">{t.peoplePlaceholder}</option>
            {RESERVATION_PEOPLE.map((p) => <option key={p} value={p}>{t.peopleOption(p)}</option>)}
          </SelectField>
        </div>
        <div className="sm:col-span-2">
          <TextArea id="reservation-message" label={t.message} placeholder={t.messagePlaceholder} value={form.message} onChange={set('message')} />
        </div>
      </fieldset>
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'w-full')}>{busy ? t.submitting : t.submit}</button>
    </form>
  );
}
