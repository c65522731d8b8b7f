import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button.js';
import { DashboardSubPage, QueryTable } from '../../components/ui/table-page.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { useCustomersQuery } from '../../lib/data.js';
import { dateTimeOf } from '../../components/order/order-format.js';
import { CustomerDataActions, GuestDataCard, useEraseConfirmation } from './customer-data-actions.js';

export function CustomersPage() {
  const t = useT();
  const customers = useCustomersQuery();
  const erase = useEraseConfirmation();
  useEffect(() => {
    if (customers.isError) toast.error(t('customers.loadFailedTitle'), t('customers.loadFailedBody'));
  }, [customers.isError, t]);

  return (
    <DashboardSubPage title={t('customers.title')}>
      <GuestDataCard erase={erase} />
      {erase.dialog}
      <QueryTable
        testId="customers-table"
        className="text-base"
        phoneCards
        query={customers}
        error={t('customers.loadFailedBody')}
        empty={t('customers.empty')}
        columns={[
          { header: t('common.email'), strong: true, cell: (c) => c.email },
          { header: t('customers.registeredAt'), cell: (c) => dateTimeOf(c.created_at) },
          {
            header: t('customers.lastSignIn'),
            cell: (c) => (c.last_sign_in_at ? dateTimeOf(c.last_sign_in_at) : t('customers.never')),
          },
          {
            header: t('common.status'),
            cell: (c) => (
              <span
                className={`rounded-full px-3 py-1 text-sm font-bold ${c.email_confirmed_at ? 'bg-green-600 text-white' : 'bg-slate-300 text-ink'}`}
              >
                {c.email_confirmed_at ? t('customers.verified') : t('customers.notVerified')}
              </span>
            ),
          },
          {
            header: t('common.actions'),
            cell: (c) => (
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/customers/${encodeURIComponent(c.email)}/orders`}
                  className={buttonClass('secondary', 'min-h-11')}
                >
                  {t('customers.viewOrders')}
                </Link>
                <CustomerDataActions target={{ userId: c.id }} who={c.email} erase={erase} />
              </div>
            ),
          },
        ]}
      />
    </DashboardSubPage>
  );
}
