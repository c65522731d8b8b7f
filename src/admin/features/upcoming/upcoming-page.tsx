import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { featureCatalogue } from '../../i18n/catalogue.js';
import { useLanguage } from '../../i18n/index.js';
import { Card, ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { Button } from '../../components/ui/button.js';
import { QueryState } from '../../components/ui/query-state.js';
import { PaperTicket } from '../../components/ui/paper-ticket.js';
import { useToastedTask } from '../../components/ui/use-toasted-task.js';
import { useOpeningScheduleQuery, useRestaurantIdentity, useUpcomingOrdersQuery } from '../../lib/data.js';
import { canPrintKitchenSummaryOnKiosk, kioskPrintKitchenSummary } from '../../lib/kiosk/kiosk.js';
import {
  kitchenPlan,
  kitchenSummaryOf,
  layoutKitchenSummary,
  SEEDED_OPENING_SCHEDULE,
  type Order,
  type PlanDay,
} from '../../../shared/domain/index.js';
import { ticketRestaurant } from '../../../shared/domain/restaurant.js';
import { TICKET_FR } from '../../../shared/i18n/ticket-fr.js';

/** The coming days shown: a week after today, the pre-orders' usual horizon at the counter. */
export const UPCOMING_DAYS = 7;
const SUMMARY_COLUMNS = 42;

const words = featureCatalogue({
  pt: {
    title: 'Próximos dias',
    hint: 'Pré-encomendas dos próximos {days} dias (sem as anuladas), por dia e serviço. O resumo da cozinha soma os pratos de cada dia: o frango a marinar na véspera.',
    none: 'Nenhuma pré-encomenda para os próximos dias.',
    count: '{n} pré-encomenda(s)',
    service: 'Serviço {opens}–{closes}',
    outside: 'Fora do horário',
    kitchen: 'Resumo da cozinha',
    print: 'Imprimir o resumo',
    printed: 'Resumo impresso',
    printFailed: 'Impressão falhou',
    loadError: 'Não foi possível carregar as pré-encomendas.',
    hoursError: 'Não foi possível ler o horário: os dias seguem os serviços de origem até o horário ser lido.',
    pickup: 'Levantamento',
    delivery: 'Entrega',
  },
  fr: {
    title: 'Jours à venir',
    hint: 'Pré-commandes des {days} prochains jours (sans les annulées), par jour et service. Le résumé cuisine additionne les plats de chaque jour : le poulet à mariner la veille.',
    none: 'Aucune pré-commande pour les prochains jours.',
    count: '{n} pré-commande(s)',
    service: 'Service {opens}–{closes}',
    outside: 'Hors horaires',
    kitchen: 'Résumé cuisine',
    print: 'Imprimer le résumé',
    printed: 'Résumé imprimé',
    printFailed: 'Échec de l’impression',
    loadError: 'Impossible de charger les pré-commandes.',
    hoursError: 'Impossible de lire les horaires : les jours suivent les services d’origine jusqu’à leur lecture.',
    pickup: 'À emporter',
    delivery: 'Livraison',
  },
});

/** The minute of this device's clock: the key changes when the day does. */
function currentMinute(): Date {
  return new Date(Math.floor(Date.now() / 60_000) * 60_000);
}

function useDayName(): (day: string) => string {
  const language = useLanguage((s) => s.language);
  return (day) => {
    const name = new Date(`${day}T12:00:00Z`).toLocaleDateString(language === 'pt' ? 'pt-PT' : 'fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    return name.charAt(0).toUpperCase() + name.slice(1);
  };
}

function DaySection({ day }: { day: PlanDay<Order> }) {
  const t = words.useText();
  const dayName = useDayName();
  return (
    <Card className="space-y-3">
      <h2 className="flex flex-wrap items-baseline justify-between gap-2 text-xl font-bold">
        <span>{dayName(day.date)}</span>
        <span className="text-base font-semibold normal-case text-slate-700" data-testid="day-count">
          {t('count', { n: day.orders.length })}
        </span>
      </h2>
      {day.services.map((s) => (
        <div key={s.service ? s.service[0] : 'outside'} data-testid="upcoming-service">
          <h3 className="mb-1 font-semibold text-slate-700">
            {s.service ? t('service', { opens: s.service[0], closes: s.service[1] }) : t('outside')} · {s.orders.length}
          </h3>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300">
            {s.orders.map((o) => (
              <li key={o.id}>
                <Link
                  to={`/order/${o.id}`}
                  data-testid="upcoming-order"
                  className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2 hover:bg-slate-50"
                >
                  <span className="font-bold tabular-nums">{(o.preorder_time ?? '').slice(0, 5)}</span>
                  <span className="font-semibold">{o.customer_name}</span>
                  <span className="text-sm text-slate-600">{t(o.delivery_method)}</span>
                  <span className="w-full text-sm text-slate-700">
                    {o.order_items
                      .map((i) => `${i.quantity}× ${i.name}${i.options.map((x) => ` + ${x.name}`).join('')}`)
                      .join(', ')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Card>
  );
}

/**
 * The coming days at the counter: the pre-orders of each day by service, and the kitchen's summary (quantities per
 * dish per day), printed on the kiosk's thermal printer or, in a browser, by the browser.
 */
export function UpcomingPage() {
  const t = words.useText();
  const now = useMemo(currentMinute, []);
  const orders = useUpcomingOrdersQuery(now, UPCOMING_DAYS, { queryConfig: { refetchInterval: 60_000 } });
  const hours = useOpeningScheduleQuery();
  // Until the hours are read the days are grouped by the installed services; a failed read says so.
  const schedule = hours.data ?? SEEDED_OPENING_SCHEDULE;
  const restaurant = ticketRestaurant(useRestaurantIdentity());
  const task = useToastedTask<'print'>();

  return (
    <div>
      <PageHeader title={t('title')} />
      <p className="mb-4 text-slate-700">{t('hint', { days: UPCOMING_DAYS })}</p>
      {hours.isError && (
        <div className="mb-4">
          <ErrorPanel message={t('hoursError')} />
        </div>
      )}
      <QueryState query={orders} error={t('loadError')} keepDataOnError>
        {(data) => {
          const plan = kitchenPlan(data, schedule);
          const summary = kitchenSummaryOf(plan);
          const lines = layoutKitchenSummary(summary, {
            columns: SUMMARY_COLUMNS,
            restaurant,
            printedAt: now,
            words: TICKET_FR,
          });
          const print = () =>
            canPrintKitchenSummaryOnKiosk()
              ? void task.run('print', () => kioskPrintKitchenSummary(summary), {
                  done: t('printed'),
                  failed: t('printFailed'),
                })
              : window.print();
          return (
            <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <section className="space-y-4 print:hidden" data-testid="upcoming-days">
                {plan.length === 0 ? (
                  <p className="rounded-xl border-2 border-dashed border-slate-400 p-6 text-center text-lg text-slate-700">
                    {t('none')}
                  </p>
                ) : (
                  plan.map((day) => <DaySection key={day.date} day={day} />)
                )}
              </section>
              <section className="space-y-3">
                <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
                  <h2 className="text-xl font-bold">{t('kitchen')}</h2>
                  <Button onClick={print} disabled={task.busy !== null} data-testid="print-kitchen-summary">
                    {t('print')}
                  </Button>
                </div>
                <PaperTicket testId="kitchen-summary" columns={SUMMARY_COLUMNS} lines={lines} />
              </section>
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}
