import { lineUnitCents } from '@cadran/domain/cart';
import { cycleLabelKey } from '@cadran/domain/billing-cycles';
import { translateMessage } from '@cadran/domain/messages';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCents } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { CartItem } from '../store/cart-store';
import { QuantityInput } from './quantity-input';

export interface CartLineItemProps {
  item: CartItem;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * Cart line (docs/product.md 'Cart'): name, description, limits, updates flag, extras when set,
 * remove, quantity, unit price (price + setup fee + extras) and line subtotal.
 */
export function CartLineItem({ item, onQuantityChange, onRemove }: CartLineItemProps) {
  const { t } = useTranslation('cart');
  const { template, customizations } = item;
  const nameId = `cart-line-${item.id}`;
  return (
    <li
      aria-labelledby={nameId}
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={nameId} className="text-lg font-semibold text-slate-900">
            {template.name}
          </h3>
          <p className="mt-1 leading-6 text-slate-600">{template.description}</p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {template.billingCycle && (
              <li>
                <Badge tone="brand">
                  {t('line.cycle', {
                    cycle: translateMessage(
                      cycleLabelKey(template.billingCycle),
                      currentLanguage(),
                    ),
                  })}
                </Badge>
              </li>
            )}
            <li>
              <Badge>{t('line.domains', { count: template.domainLimit })}</Badge>
            </li>
            <li>
              <Badge>{t('line.installations', { count: template.installationLimit })}</Badge>
            </li>
            {template.updatePermissions && (
              <li>
                <Badge tone="success">{t('line.updatesIncluded')}</Badge>
              </li>
            )}
            {customizations.extra_domains > 0 && (
              <li>
                <Badge tone="brass">
                  {t('line.extraDomains', { count: customizations.extra_domains })}
                </Badge>
              </li>
            )}
            {customizations.extra_installations > 0 && (
              <li>
                <Badge tone="brass">
                  {t('line.extraInstallations', { count: customizations.extra_installations })}
                </Badge>
              </li>
            )}
          </ul>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          aria-label={t('line.removeNamed', { name: template.name })}
          onClick={onRemove}
        >
          <svg
            className="size-4"
            viewBox="0 0 20 20"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M4 6h12M8 6V4h4v2m-6 0 .7 10h6.6L14 6" />
          </svg>
          {t('line.remove')}
        </Button>
      </div>

      <div className="mt-5 flex flex-wrap items-end justify-between gap-4 border-t border-slate-200 pt-4">
        <div>
          <p className="mb-1.5 text-sm font-medium text-slate-700" aria-hidden="true">
            {t('line.quantity')}
          </p>
          <QuantityInput
            name={template.name}
            quantity={item.quantity}
            onChange={onQuantityChange}
          />
        </div>
        <dl className="ml-auto flex gap-6 text-right sm:gap-10">
          <div>
            <dt className="text-sm text-slate-600">{t('line.unitPrice')}</dt>
            <dd className="mt-1 font-medium text-slate-900">
              {formatCents(lineUnitCents(template, customizations))}
            </dd>
            {template.setupFeeCents > 0 && (
              <dd className="text-xs text-slate-600">
                {t('line.setupFee', { amount: formatCents(template.setupFeeCents) })}
              </dd>
            )}
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t('line.subtotal')}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">
              {formatCents(item.subtotalCents)}
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}
