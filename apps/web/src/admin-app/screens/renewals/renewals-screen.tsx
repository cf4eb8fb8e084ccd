import { useTranslation } from 'react-i18next';
import { RenewalsSchema } from '../../api/renewal-schemas';
import { useAdminResource } from '../../api/use-admin-list';
import { ScreenHeader } from '../../layout/screen-header';
import { AdminOnly } from '../../ui/admin-only';
import { LoadState } from '../../ui/load-state';
import { Panel } from '../../ui/panel';
import { RenewalsTable } from './renewals-table';
import { RunRenewals } from './run-renewals';

/**
 * Automatic renewals at a glance: what is due in the next 30 days, what failed and how far its
 * chase has gone, what was stopped; administrators run the renewals by hand.
 */
export function RenewalsScreen() {
  const { t } = useTranslation('admin-renewals');
  const query = useAdminResource(['renewals'], '/renewals', RenewalsSchema);
  return (
    <>
      <ScreenHeader title={t('title')} description={t('intro')} />
      <div className="space-y-6">
        <AdminOnly>
          <RunRenewals />
        </AdminOnly>
        <LoadState query={query}>
          {(renewals) => (
            <>
              <Panel title={t('failing.title', { count: renewals.failing.length })}>
                <RenewalsTable
                  caption={t('failing.caption')}
                  items={renewals.failing}
                  empty={t('failing.empty')}
                  failing
                />
              </Panel>
              <Panel title={t('upcoming.title', { count: renewals.upcoming.length })}>
                <RenewalsTable
                  caption={t('upcoming.caption')}
                  items={renewals.upcoming}
                  empty={t('upcoming.empty')}
                />
              </Panel>
              <Panel title={t('stopped.title', { count: renewals.stopped.length })}>
                <RenewalsTable
                  caption={t('stopped.caption')}
                  items={renewals.stopped}
                  empty={t('stopped.empty')}
                />
              </Panel>
            </>
          )}
        </LoadState>
      </div>
    </>
  );
}
