import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/form-field';
import { NewTabLink } from '@/components/ui/new-tab-link';
import { currentLanguage } from '@/lib/i18n';
import { errorText, fieldDomId, type FieldErrors } from '../utils/checkout-form';

export interface CheckoutConsentsProps {
  terms: boolean;
  newsletter: boolean;
  errors: FieldErrors;
  onTermsChange: (ticked: boolean) => void;
  onNewsletterChange: (ticked: boolean) => void;
}

/**
 * The terms of sale and licence (required, never sent: the order exists only once they are
 * ticked) and the optional newsletter, each linked document opening in a new tab so the form
 * keeps what was typed.
 */
export function CheckoutConsents({
  terms,
  newsletter,
  errors,
  onTermsChange,
  onNewsletterChange,
}: CheckoutConsentsProps) {
  const { t } = useTranslation('checkout');
  return (
    <div className="space-y-4 rounded-card border border-slate-200 bg-slate-50 p-5">
      <CheckboxField
        id={fieldDomId('terms')}
        required
        error={errorText(errors, 'terms', currentLanguage())}
        label={
          <>
            {t('consent.termsBefore')}
            <NewTabLink href="/legal/sales">{t('consent.termsLink')}</NewTabLink>
            {t('consent.termsBetween')}
            <NewTabLink href="/legal/license">{t('consent.licenseLink')}</NewTabLink>
            {t('consent.termsAfter')}
          </>
        }
      >
        {(control) => (
          <input
            type="checkbox"
            checked={terms}
            onChange={(event) => onTermsChange(event.target.checked)}
            {...control}
          />
        )}
      </CheckboxField>
      <CheckboxField id="checkout-newsletter" label={t('consent.newsletter')}>
        {(control) => (
          <input
            type="checkbox"
            checked={newsletter}
            onChange={(event) => onNewsletterChange(event.target.checked)}
            {...control}
          />
        )}
      </CheckboxField>
    </div>
  );
}
