import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button.js';
import { PageHeader } from '../../components/ui/card.js';
import { QueryState } from '../../components/ui/query-state.js';
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
      <QueryState query={list} error={t('challenge.loadFailed')} empty={t('challenge.empty')}>
        {(data) => (
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
                {data.map((r) => (
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
      </QueryState>
    </div>
  );
}
