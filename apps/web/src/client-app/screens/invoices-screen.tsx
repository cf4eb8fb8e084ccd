import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '@/lib/format';
import { useDocuments } from '../api/orders';
import { Panel, QueryState, ScreenTitle } from '../components/screen';

export function InvoicesScreen() {
  const { t } = useTranslation('client');
  const documents = useDocuments();
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
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('invoices.listTitle')}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('invoices.document')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('invoices.date')}
                  </th>
                  <th scope="col" className="hidden py-2 pr-4 font-semibold sm:table-cell">
                    {t('invoices.order')}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    {t('invoices.total')}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">{t('invoices.download')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {documents.data.map((document) => (
                  <tr key={document.number} className="border-b border-slate-100 last:border-0">
                    <td className="py-3 pr-4">
                      <span className="font-mono font-semibold">{document.number}</span>
                      <span className="block text-xs text-slate-600">
                        {t(`invoices.kind.${document.kind}`)}
                      </span>
                    </td>
                    <td className="py-3 pr-4 whitespace-nowrap">
                      {formatDate(document.issued_at)}
                    </td>
                    <td className="hidden py-3 pr-4 sm:table-cell">
                      <Link
                        to={`/orders/${document.order_id}`}
                        className="font-mono text-brand-700 underline"
                      >
                        {document.order_number}
                      </Link>
                    </td>
                    <td className="py-3 pr-4 text-right whitespace-nowrap">
                      {formatMoney(document.total)}
                    </td>
                    <td className="py-3 text-right">
                      <a
                        href={document.url}
                        download
                        className="font-semibold text-brand-700 underline"
                        aria-label={t('invoices.downloadNumber', { number: document.number })}
                      >
                        {t('invoices.download')}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}
