import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button.js';
import { PageHeader } from '../../components/ui/card.js';
import { toast } from '../../components/ui/toast-store.js';
import { QueryState } from '../../components/ui/query-state.js';
import { useT } from '../../i18n/index.js';
import { useCustomersQuery } from '../../lib/data.js';
import { dateTimeOf } from '../../components/order/order-format.js';

export function CustomersPage() {
  const t = useT();
  const customers = useCustomersQuery();
  useEffect(() => {
    if (customers.isError) toast.error(t('customers.loadFailedTitle'), t('customers.loadFailedBody'));
  }, [customers.isError, t]);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t('customers.title')}>
        <Link to="/dashboard" className={buttonClass('secondary')}>
          ← {t('common.backToDashboard')}
        </Link>
      </PageHeader>
      <QueryState query={customers} error={t('customers.loadFailedBody')} empty={t('customers.empty')}>
        {(data) => (
          <div className="overflow-x-auto rounded-2xl border border-slate-300 bg-white">
            <table className="w-full min-w-[640px] text-left text-base" data-testid="customers-table">
              <thead className="bg-slate-800 text-white">
                <tr>
                  <th className="px-4 py-3">{t('common.email')}</th>
                  <th className="px-4 py-3">{t('customers.registeredAt')}</th>
                  <th className="px-4 py-3">{t('customers.lastSignIn')}</th>
                  <th className="px-4 py-3">{t('common.status')}</th>
                  <th className="px-4 py-3">{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.map((c) => (
                  <tr key={c.id}>
                    <td className="px-4 py-3 font-semibold">{c.email}</td>
                    <td className="px-4 py-3">{dateTimeOf(c.created_at)}</td>
                    <td className="px-4 py-3">
                      {c.last_sign_in_at ? dateTimeOf(c.last_sign_in_at) : t('customers.never')}
                    </td>
                    <td className="px-4 py-3">
                      <span
                        className={`rounded-full px-3 py-1 text-sm font-bold ${c.email_confirmed_at ? 'bg-green-600 text-white' : 'bg-slate-300 text-ink'}`}
                      >
                        {c.email_confirmed_at ? t('customers.verified') : t('customers.notVerified')}
                      </span>
                    </td>
                    <td className="px-4 py-3">
                      <Link
                        to={`/customers/${encodeURIComponent(c.email)}/orders`}
                        className={buttonClass('secondary', 'min-h-11')}
                      >
                        {t('customers.viewOrders')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </div>
  );
}
