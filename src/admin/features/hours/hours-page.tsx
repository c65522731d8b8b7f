import { useEffect, useState } from 'react';
import { addDays, restaurantDate } from '../../../shared/domain/restaurant-time.js';
import {
  EXCEPTION_DAYS_AHEAD,
  MAX_LAST_ORDER_OFFSET,
  MAX_REASON_LENGTH,
  MAX_SERVICES_PER_DAY,
  servicesProblem,
  type Service,
  type WeeklyHours,
} from '../../../shared/domain/opening-hours.js';
import {
  useDeleteOpeningExceptionMutation,
  useOpeningScheduleQuery,
  useSaveOpeningExceptionMutation,
  useSaveWeeklyHoursMutation,
} from '../../../shared/data/opening-hours.js';
import { Button } from '../../components/ui/button.js';
import { Card, ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { LabeledInput } from '../../components/ui/labeled-input.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { useHoursDate, useHoursT } from './hours-text.js';

const field = 'block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg';
const timeField =
  'block min-h-12 w-[7rem] rounded-lg border-2 border-slate-400 px-1.5 text-base sm:w-36 sm:px-3 sm:text-lg';
const problemKey = { time: 'badTime', order: 'badOrder', too_many: 'tooMany' } as const;
/** A service's two times: when it opens (its first), when it closes (its second). */
const SERVICE_ENDS = [
  ['opens', 0],
  ['closes', 1],
] as const;

function ServicesEditor({
  services,
  label,
  onChange,
}: {
  services: Service[];
  label: string;
  onChange(services: Service[]): void;
}) {
  const h = useHoursT();
  const set = (i: number, j: 0 | 1, v: string) =>
    onChange(services.map((s, k) => (k === i ? ((j === 0 ? [v, s[1]] : [s[0], v]) as Service) : s)));
  return (
    <div className="flex flex-wrap items-end gap-2">
      {services.length === 0 && <span className="min-h-12 py-3 font-semibold text-slate-500">{h('closed')}</span>}
      {services.map((s, i) => (
        <div key={i} className="flex items-end gap-1 rounded-lg bg-slate-100 p-1.5">
          {SERVICE_ENDS.map(([word, j]) => (
            <label key={word} className="text-sm font-semibold">
              {h(word)}
              <input
                type="time"
                required
                aria-label={`${label} ${i + 1} — ${h(word)}`}
                className={timeField}
                value={s[j]}
                onChange={(e) => set(i, j, e.target.value)}
              />
            </label>
          ))}
          <Button
            variant="secondary"
            aria-label={`${h('removeService')} ${label} ${i + 1}`}
            onClick={() => onChange(services.filter((_, k) => k !== i))}
          >
            ✕
          </Button>
        </div>
      ))}
      {services.length < MAX_SERVICES_PER_DAY && (
        <Button
          variant="secondary"
          aria-label={`${h('addService')} — ${label}`}
          onClick={() => onChange([...services, services.length ? ['18:00', '22:00'] : ['11:00', '15:00']])}
        >
          + {h('addService')}
        </Button>
      )}
    </div>
  );
}

function WeeklyCard({ weekly }: { weekly: WeeklyHours }) {
  const h = useHoursT();
  const t = useT();
  const dayNames = h('days').split('|');
  const [draft, setDraft] = useState(weekly);
  useEffect(() => setDraft(weekly), [weekly]);
  const save = useSaveWeeklyHoursMutation({
    mutationConfig: {
      onSuccess: () => toast.success(t('common.success'), h('saved')),
      onError: (e) => toast.error(h('failed'), e.message),
    },
  });
  const submit = () => {
    for (let d = 1; d <= 7; d++) {
      const problem = servicesProblem(draft.days[String(d)] ?? []);
      if (problem) return toast.error(h('failed'), h(problemKey[problem], { day: dayNames[d - 1]! }));
    }
    const offset = draft.last_order_minutes_before_close;
    if (!Number.isInteger(offset) || offset < 0 || offset > MAX_LAST_ORDER_OFFSET)
      return toast.error(h('failed'), h('badOffset'));
    save.mutate(draft);
  };
  return (
    <Card>
      <h2 className="text-2xl font-bold">{h('weeklyTitle')}</h2>
      <p className="mb-4 text-slate-600">{h('weeklyHelp')}</p>
      <ul className="divide-y divide-slate-200" data-testid="weekly-hours">
        {dayNames.map((name, i) => (
          <li key={name} className="grid gap-2 py-3 md:grid-cols-[8rem_1fr] md:items-center">
            <span className="text-lg font-bold">{name}</span>
            <ServicesEditor
              label={name}
              services={draft.days[String(i + 1)] ?? []}
              onChange={(services) => setDraft({ ...draft, days: { ...draft.days, [String(i + 1)]: services } })}
            />
          </li>
        ))}
      </ul>
      <label className="mt-4 block max-w-sm font-semibold">
        {h('lastOrder')}
        <input
          type="number"
          min={0}
          max={MAX_LAST_ORDER_OFFSET}
          step={5}
          className={field}
          value={draft.last_order_minutes_before_close}
          onChange={(e) => setDraft({ ...draft, last_order_minutes_before_close: Number(e.target.value) })}
        />
      </label>
      <div className="mt-5 flex justify-end">
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? t('common.saving') : h('saveWeekly')}
        </Button>
      </div>
    </Card>
  );
}

function ExceptionsCard({
  exceptions,
}: {
  exceptions: readonly { day: string; is_closed: boolean; services: Service[]; reason: string }[];
}) {
  const h = useHoursT();
  const t = useT();
  const today = restaurantDate(new Date());
  const last = addDays(today, EXCEPTION_DAYS_AHEAD);
  const [day, setDay] = useState('');
  const [closed, setClosed] = useState(true);
  const [reason, setReason] = useState('');
  const [services, setServices] = useState<Service[]>([['11:00', '15:00']]);
  const save = useSaveOpeningExceptionMutation({
    mutationConfig: {
      onSuccess: () => {
        toast.success(t('common.success'), h('exceptionSaved'));
        setDay('');
        setReason('');
      },
      onError: (e) => toast.error(h('failed'), e.message),
    },
  });
  const remove = useDeleteOpeningExceptionMutation({
    mutationConfig: {
      onSuccess: () => toast.success(t('common.success'), h('removed')),
      onError: (e) => toast.error(h('failed'), e.message),
    },
  });
  const submit = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < today || day > last) return toast.error(h('failed'), h('badDate'));
    if (reason.trim().length > MAX_REASON_LENGTH) return toast.error(h('failed'), h('reasonTooLong'));
    if (!closed) {
      if (services.length === 0) return toast.error(h('failed'), h('needService'));
      const problem = servicesProblem(services);
      if (problem) return toast.error(h('failed'), h(problemKey[problem], { day }));
    }
    save.mutate({ day, is_closed: closed, services: closed ? [] : services, reason: reason.trim() });
  };
  const upcoming = exceptions.filter((e) => e.day >= today);
  const longDate = useHoursDate();
  return (
    <Card>
      <h2 className="text-2xl font-bold">{h('exceptionsTitle')}</h2>
      <p className="mb-4 text-slate-600">{h('exceptionsHelp')}</p>
      <div className="grid gap-3 md:grid-cols-[12rem_16rem_1fr]">
        <LabeledInput
          label={h('date')}
          labelClassName="font-semibold"
          type="date"
          className={field}
          min={today}
          max={last}
          value={day}
          onChange={(e) => setDay(e.target.value)}
        />
        <label className="font-semibold">
          {h('kind')}
          <select
            className={field}
            value={closed ? 'closed' : 'open'}
            onChange={(e) => setClosed(e.target.value === 'closed')}
          >
            <option value="closed">{h('kindClosed')}</option>
            <option value="open">{h('kindOpen')}</option>
          </select>
        </label>
        <LabeledInput
          label={h('reason')}
          labelClassName="font-semibold"
          className={field}
          maxLength={MAX_REASON_LENGTH}
          placeholder={h('reasonPlaceholder')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {!closed && (
        <div className="mt-3">
          <ServicesEditor label={h('kindOpen')} services={services} onChange={setServices} />
        </div>
      )}
      <div className="mt-4 flex justify-end">
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? t('common.saving') : `+ ${h('addException')}`}
        </Button>
      </div>
      <ul className="mt-5 divide-y divide-slate-200" data-testid="opening-exceptions">
        {upcoming.length === 0 && <li className="py-3 text-slate-600">{h('noExceptions')}</li>}
        {upcoming.map((e) => (
          <li key={e.day} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <p className="text-lg font-bold first-letter:uppercase">{longDate(e.day)}</p>
              <p className={e.is_closed ? 'font-semibold text-red-700' : 'text-slate-700'}>
                {e.is_closed ? h('closed') : e.services.map(([o, c]) => `${o}–${c}`).join(' · ')}
                {e.reason && ` — ${e.reason}`}
              </p>
            </div>
            <Button
              variant="secondary"
              aria-label={`${h('remove')} ${e.day}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(e.day)}
            >
              {h('remove')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The owner's opening hours: the weekly services, the last-order offset, and dated closures or openings. */
export function HoursPage() {
  const h = useHoursT();
  const t = useT();
  const schedule = useOpeningScheduleQuery({ queryConfig: { retry: 1 } });
  if (schedule.isPending) return <Spinner label={t('common.loading')} />;
  if (schedule.isError) return <ErrorPanel message={h('loadFailed')} />;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={h('title')} />
      <WeeklyCard weekly={schedule.data.weekly} />
      <ExceptionsCard exceptions={schedule.data.exceptions} />
    </div>
  );
}
