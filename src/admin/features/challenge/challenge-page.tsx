import { BackLink } from '../../components/ui/back-link.js';
import { PageHeader } from '../../components/ui/card.js';
import { DataTable } from '../../components/ui/data-table.js';
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
        <BackLink>{t('common.backToDashboard')}</BackLink>
      </PageHeader>
      <QueryState query={list} error={t('challenge.loadFailed')} empty={t('challenge.empty')}>
        {(data) => (
          <DataTable
            testId="challenge-table"
            rows={data}
            columns={[
              { header: t('common.name'), strong: true, cell: (r) => r.name },
              { header: t('common.email'), cell: (r) => r.email },
              { header: t('common.phone'), cell: (r) => r.phone ?? '—' },
              {
                header: t('challenge.terms'),
                cell: (r) => (r.agreed_to_terms ? t('challenge.yes') : t('challenge.no')),
              },
              { header: t('common.date'), cell: (r) => dateTimeOf(r.created_at) },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}
