import type { OwnedLicense } from '@cadran/domain/license-api';
import type { PaymentMethod } from '@cadran/domain/order-status';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatMoney, formatPercent } from '@/lib/format';
import { renewLicence, useRenewalQuote } from '../../api/licences';
import { PaymentMethodSelect } from '../../components/payment-method-select';
import { failureMessage, Panel } from '../../components/screen';

/** The amount of the renewal as the server prices it: VAT included, or none when reverse-charged. */
function RenewalAmount({ licence }: { licence: OwnedLicense }) {
  const { t } = useTranslation('client');
  const quote = useRenewalQuote(licence.id, true);
  if (quote.data) {
    const rate = Number(quote.data.tax_rate);
    return (
      <p className="text-slate-700" data-testid="renewal-amount">
        {quote.data.reverse_charge || rate === 0
          ? t('licence.renewalTotalNoVat', { total: formatMoney(quote.data.total) })
          : t('licence.renewalTotal', {
              total: formatMoney(quote.data.total),
              net: formatMoney(quote.data.taxable),
              tax: formatMoney(quote.data.tax),
              rate: formatPercent(rate),
            })}
      </p>
    );
  }
  // Until the quote arrives (or if it cannot be read), the list's price before VAT.
  return (
    <p className="text-slate-700">
      {licence.renewal_price
        ? t('licence.renewalPrice', { price: formatMoney(licence.renewal_price) })
        : t('licence.renewalText')}
    </p>
  );
}

/**
 * Renewing by hand (docs/product.md 'Licences' ('Renewal')): the amount with its VAT, the
 * method, then the payment page; a transfer opens the renewal order's page.
 */
export function RenewalPanel({
  licence,
  goToPayment = (url) => window.location.assign(url),
}: {
  licence: OwnedLicense;
  goToPayment?: (url: string) => void;
}) {
  const { t } = useTranslation('client');
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethod>('stripe');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A licence that renews itself is charged at its term: renewing by hand as well would pay
  // the same term twice, so the panel gives way to the automatic renewal's own.
  if (!licence.renewable || licence.auto_renew.enabled) return null;

  const renew = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await renewLicence(licence.id, method);
      if (answer.payment_url) goToPayment(answer.payment_url);
      else await navigate(`/orders/${answer.order.id}`);
    } catch (error) {
      setProblem(failureMessage(error, t('state.error')));
      setBusy(false);
    }
  };

  return (
    <Panel title={t('licence.renewal')} id="licence-renewal">
      {problem && <Alert tone="error">{problem}</Alert>}
      <RenewalAmount licence={licence} />
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <PaymentMethodSelect
          id="renewal-method"
          label={t('licence.paymentMethod')}
          value={method}
          onChange={setMethod}
        />
        <Button loading={busy} onClick={() => void renew()}>
          {t('licence.renew')}
        </Button>
      </div>
    </Panel>
  );
}
