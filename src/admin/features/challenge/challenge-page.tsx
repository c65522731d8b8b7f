import { DashboardSubPage, QueryTable } from '../../components/ui/table-page.js';
import { useT } from '../../i18n/index.js';
import { useChallengeRegistrationsQuery } from '../../lib/data.js';
import { dateTimeOf } from '../../components/order/order-format.js';

export function ChallengePage() {
  const t = useT();
  const list = useChallengeRegistrationsQuery();
  return (
    <DashboardSubPage title={t('challenge.title')}>
      <QueryTable
        query={list}
        error={t('challenge.loadFailed')}
        empty={t('challenge.empty')}
        testId="challenge-table"
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
    </DashboardSubPage>
  );
}
