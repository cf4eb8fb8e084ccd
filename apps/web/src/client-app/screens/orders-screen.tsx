import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { useOrderList } from '../api/orders';
import { Panel, QueryState, ScreenTitle } from '../components/screen';
import { OrdersTable } from './orders-table';

const PAGE_SIZE = 20;

export function OrdersScreen() {
  const { t } = useTranslation('client');
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useOrderList(page, PAGE_SIZE);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <ScreenTitle title={t('orders.title')} intro={t('orders.intro')} />
      <Panel title={t('orders.listTitle')} id="orders-list">
        {list.data ? (
          <>
            <OrdersTable orders={list.data.orders} caption={t('orders.listTitle')} />
            {pages > 1 && (
              <nav aria-label={t('orders.pages')} className="mt-4 flex items-center gap-3">
                {page > 1 && (
                  <LinkButton variant="outline" size="sm" to={`?page=${page - 1}`}>
                    {t('orders.previous')}
                  </LinkButton>
                )}
                <span className="text-sm text-slate-700">
                  {t('orders.pageOf', { page, pages })}
                </span>
                {page < pages && (
                  <LinkButton variant="outline" size="sm" to={`?page=${page + 1}`}>
                    {t('orders.next')}
                  </LinkButton>
                )}
              </nav>
            )}
          </>
        ) : (
          <QueryState
            pending={list.isPending}
            error={list.error}
            retry={() => void list.refetch()}
          />
        )}
      </Panel>
    </>
  );
}
