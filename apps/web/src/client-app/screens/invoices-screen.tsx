import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountDocument } from '@cadran/domain/client-area';
import { columnsFor } from '@/components/table/table-features';
import { formatDate, formatMoney } from '@/lib/format';
import { ListTable } from '../components/list-table';
import { useDocuments } from '../api/orders';
import { Panel, QueryState, ScreenTitle } from '../components/screen';

const column = columnsFor<AccountDocument>();

export function InvoicesScreen() {
  const { t } = useTranslation('client');
  const documents = useDocuments();
  const columns = [
    column.accessor('number', {
      header: t('invoices.document'),
      cell: ({ row }) => (
        <span>
          <span className="font-mono font-semibold">{row.original.number}</span>
          <span className="block text-xs text-slate-600">
            {t(`invoices.kind.${row.original.kind}`)}
          </span>
        </span>
      ),
    }),
    column.accessor('issued_at', {
      header: t('invoices.date'),
      cell: ({ getValue }) => formatDate(getValue()),
    }),
    column.accessor('order_number', {
      header: t('invoices.order'),
      cell: ({ row }) => (
        <Link
          to={`/orders/${row.original.order_id}`}
          className="font-mono text-brand-700 underline"
        >
          {row.original.order_number}
        </Link>
      ),
    }),
    column.accessor('total', {
      header: t('invoices.total'),
      cell: ({ getValue }) => formatMoney(getValue()),
    }),
    column.display({
      id: 'download',
      header: () => <span className="sr-only">{t('invoices.download')}</span>,
      meta: { label: t('invoices.download') },
      cell: ({ row }) => (
        <a
          href={row.original.url}
          download
          className="font-semibold text-brand-700 underline"
          aria-label={t('invoices.downloadNumber', { number: row.original.number })}
        >
          {t('invoices.download')}
        </a>
      ),
    }),
  ];
  return (
    <>
      <ScreenTitle title={t('invoices.title')} intro={t('invoices.intro')} />
      <Panel title={t('invoices.listTitle')} id="invoices-list">
        {!documents.data ? (
          <QueryState
            pending={documents.isPending}
            error={documents.error}
            retry={() => void documents.refetch()}
          />
        ) : documents.data.length === 0 ? (
          <p className="text-slate-700">{t('invoices.none')}</p>
        ) : (
          <ListTable
            caption={t('invoices.listTitle')}
            columns={columns}
            rows={documents.data}
            rowId={(document) => document.number}
            empty={t('invoices.none')}
          />
        )}
      </Panel>
    </>
  );
}
