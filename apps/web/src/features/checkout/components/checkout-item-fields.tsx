import type { CartCustomizations } from '@cadran/domain/cart';
import { maxAdditionalDomains } from '@cadran/domain/orders';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, controlAttributes, inputClasses } from '@/components/form/form-field';
import { currentLanguage } from '@/lib/i18n';
import {
  canAddDomain,
  errorText,
  fieldDomId,
  type CheckoutLine,
  type FieldErrors,
  type LineDomains,
} from '../utils/checkout-form';
import { ExtraInput } from './extra-input';

export interface CheckoutItemFieldsProps {
  line: CheckoutLine;
  index: number;
  domains: LineDomains;
  errors: FieldErrors;
  onDomainsChange: (change: (current: LineDomains) => LineDomains) => void;
  onCustomizationsChange: (customizations: CartCustomizations) => void;
}

/**
 * One cart line at checkout: its primary domain, additional domain inputs up to
 * domain_limit - 1 with add and remove buttons, and the extra domains and installations
 * (0 to 10), which are saved in the cart so the summary and the server price the same thing.
 */
export function CheckoutItemFields({
  line,
  index,
  domains,
  errors,
  onDomainsChange,
  onCustomizationsChange,
}: CheckoutItemFieldsProps) {
  const { t } = useTranslation('checkout');
  const lang = currentLanguage();
  const base = `items.${index}`;
  const path = (field: string) => `${base}.${field}`;
  const primaryPath = path('customizations.primary_domain');
  const listPath = path('customizations.additional_domains_list');
  const listError = errorText(errors, listPath, lang);
  const itemError = errorText(errors, path('template_id'), lang);
  const included = maxAdditionalDomains(line.domainLimit);
  const titleId = `checkout-line-${line.id}`;

  // Adding or removing an input moves focus where the person expects it next: the change is
  // rendered synchronously so the element to focus exists.
  const changeThenFocus = (change: (current: LineDomains) => LineDomains, target: string) => {
    flushSync(() => onDomainsChange(change));
    document.getElementById(target)?.focus();
  };

  const addDomain = () => {
    if (!canAddDomain(line, domains)) return;
    changeThenFocus(
      (current) => ({ ...current, additional: [...current.additional, ''] }),
      fieldDomId(`${listPath}.${domains.additional.length}`),
    );
  };

  const removeDomain = (position: number) => {
    changeThenFocus(
      (current) => ({
        ...current,
        additional: current.additional.filter((_, i) => i !== position),
      }),
      position > 0 ? fieldDomId(`${listPath}.${position - 1}`) : `${titleId}-add`,
    );
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900">
            {line.name}
          </h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            <li>
              <Badge tone="brand">{t('items.quantity', { count: line.quantity })}</Badge>
            </li>
            <li>
              <Badge>{t('items.domains', { count: line.domainLimit })}</Badge>
            </li>
            <li>
              <Badge>{t('items.installations', { count: line.installationLimit })}</Badge>
            </li>
            {line.updatesIncluded && (
              <li>
                <Badge tone="success">{t('items.updates')}</Badge>
              </li>
            )}
          </ul>
        </div>
      </div>
      {itemError && (
        <p
          id={fieldDomId(path('template_id'))}
          tabIndex={-1}
          className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {itemError} {t('errors.itemUnavailable')}
        </p>
      )}

      <div className="mt-5 space-y-5">
        <FormField
          id={fieldDomId(primaryPath)}
          label={t('items.primary')}
          required
          hint={
            // docs/product.md 'Licences': the line's domains go to its first licence only.
            line.quantity > 1
              ? `${t('items.primaryHint')} ${t('items.firstLicence', { count: line.quantity })}`
              : t('items.primaryHint')
          }
          error={errorText(errors, primaryPath, lang)}
        >
          {(control) => (
            <input
              type="text"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              value={domains.primary}
              onChange={(event) => {
                const primary = event.target.value;
                onDomainsChange((current) => ({ ...current, primary }));
              }}
              {...control}
            />
          )}
        </FormField>

        {included > 0 && (
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">
              {t('items.additionalTitle')}
            </legend>
            <p id={`${titleId}-additional-hint`} className="mt-1 text-sm text-slate-600">
              {t('items.additionalHint', { count: included })}
            </p>
            {listError && (
              <p
                id={fieldDomId(listPath)}
                tabIndex={-1}
                className="mt-2 text-sm font-medium text-red-700"
              >
                {listError}
              </p>
            )}
            <ul className="mt-3 space-y-3">
              {domains.additional.map((value, position) => {
                const itemPath = `${listPath}.${position}`;
                const id = fieldDomId(itemPath);
                const error = errorText(errors, itemPath, lang);
                return (
                  // Inputs have no identity beyond their position in the list.
                  <li key={position} className="flex items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <label htmlFor={id} className="sr-only">
                        {t('items.additional', { n: position + 1 })}
                      </label>
                      <input
                        type="text"
                        inputMode="url"
                        autoCapitalize="none"
                        spellCheck={false}
                        placeholder={t('items.additional', { n: position + 1 })}
                        value={value}
                        onChange={(event) => {
                          const text = event.target.value;
                          onDomainsChange((current) => ({
                            ...current,
                            additional: current.additional.map((item, i) =>
                              i === position ? text : item,
                            ),
                          }));
                        }}
                        {...controlAttributes({ id, error })}
                        className={inputClasses(!!error)}
                      />
                      {error && (
                        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                          {error}
                        </p>
                      )}
                    </div>
                    <Button
                      variant="outline"
                      className="min-h-11 shrink-0"
                      aria-label={t('items.removeNamed', { n: position + 1, name: line.name })}
                      onClick={() => removeDomain(position)}
                    >
                      {t('items.remove')}
                    </Button>
                  </li>
                );
              })}
            </ul>
            {canAddDomain(line, domains) ? (
              <Button
                id={`${titleId}-add`}
                variant="secondary"
                size="sm"
                className="mt-3"
                aria-label={t('items.addNamed', { name: line.name })}
                aria-describedby={`${titleId}-additional-hint`}
                onClick={addDomain}
              >
                <span aria-hidden="true">+</span> {t('items.add')}
              </Button>
            ) : (
              <p className="mt-3 text-sm text-slate-600">{t('items.limitReached')}</p>
            )}
          </fieldset>
        )}

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{t('items.extrasTitle')}</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <ExtraInput
              id={fieldDomId(path('customizations.extra_domains'))}
              label={t('items.extraDomains')}
              hint={t('items.extraDomainsHint')}
              value={line.customizations.extra_domains}
              error={errorText(errors, path('customizations.extra_domains'), lang)}
              onChange={(extra_domains) =>
                onCustomizationsChange({ ...line.customizations, extra_domains })
              }
            />
            <ExtraInput
              id={fieldDomId(path('customizations.extra_installations'))}
              label={t('items.extraInstallations')}
              hint={t('items.extraInstallationsHint')}
              value={line.customizations.extra_installations}
              error={errorText(errors, path('customizations.extra_installations'), lang)}
              onChange={(extra_installations) =>
                onCustomizationsChange({ ...line.customizations, extra_installations })
              }
            />
          </div>
        </fieldset>
      </div>
    </section>
  );
}
