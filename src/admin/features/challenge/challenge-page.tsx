import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button.js';
import { ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { useT } from '../../i18n/index.js';
import { useChallengeRegistrationsQuery } from '../../lib/data.js';
import { dateTimeOf } from '../../components/order/order-format.js';

export function ChallengePage() {
  const t = useT();
  const list = useChallengeRegistrationsQuery();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t('challenge.title')}>
        <Link to="/dashboard" className={buttonClass('secondary')}>
          ← {t('common.backToDashboard')}
        </Link>
      </PageHeader>
      {list.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : list.isError ? (
        <ErrorPanel message={t('challenge.loadFailed')} />
      ) : list.data.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-slate-400 p-6 text-center text-lg">
          {t('challenge.empty')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-300 bg-white">
          <table className="w-full min-w-[640px] text-left" data-testid="challenge-table">
            <thead className="bg-slate-800 text-white">
              <tr>
                <th className="px-4 py-3">{t('common.name')}</th>
                <th className="px-4 py-3">{t('common.email')}</th>
                <th className="px-4 py-3">{t('common.phone')}</th>
                <th className="px-4 py-3">{t('challenge.terms')}</th>
                <th className="px-4 py-3">{t('common.date')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {list.data.map((r) => (
                <tr key={r.id}>
                  <td className="px-4 py-3 font-semibold">{r.name}</td>
                  <td className="px-4 py-3">{r.email}</td>
                  <td className="px-4 py-3">{r.phone ?? '—'}</td>
                  <td className="px-4 py-3">{r.agreed_to_terms ? t('challenge.yes') : t('challenge.no')}</td>
                  <td className="px-4 py-3">{dateTimeOf(r.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
