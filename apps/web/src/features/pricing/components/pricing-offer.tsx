import type { LicenseTemplate } from '@cadran/domain/catalog';
import { translateMessage } from '@cadran/domain/messages';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { useTexts } from '@/islands/texts';
import { selectByCycle } from '@/lib/catalog/selectors';
import type { TemplateList } from '@/lib/catalog/catalog-query';
import { PricingPlans } from './pricing-plans';

export interface PricingOfferProps {
  /** The catalogue the server drew the page with; null when it could not be read. */
  list: TemplateList | null;
  /** Puts the template in the cart; a failure is thrown (features do not know each other). */
  onAddToCart: (template: LicenseTemplate) => void | Promise<void>;
  /** Once the template is in the cart: the visitor goes there. */
  onAdded: () => void;
}

/**
 * What moves on the pricing page (docs/product.md 'Pricing and the catalogue' ('The pricing
 * page')): the cycle toggle, the cards of the chosen cycle and their add-to-cart buttons, with
 * the notes under them. One island (docs/decisions/048-islands-on-public-pages.md): the
 * catalogue comes as its props, so the browser asks the server nothing to draw it.
 */
export function PricingOffer({ list, onAddToCart, onAdded }: PricingOfferProps) {
  const { t, language } = useTexts('pricing');
  const catalog = useMemo(() => (list ? selectByCycle(list) : undefined), [list]);
  const [addingId, setAddingId] = useState<number | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const add = async (template: LicenseTemplate) => {
    setAddError(null);
    setAddingId(template.id);
    try {
      await onAddToCart(template);
      onAdded();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // 'Erreur lors de l'ajout au panier: ' plus the reason.
      setAddError(t('card.addFailed', { reason: translateMessage(reason, language) }));
      setAddingId(null);
    }
  };

  return (
    <>
      {addError && (
        <Alert tone="error" className="mb-8">
          {addError}
        </Alert>
      )}
      <PricingPlans
        catalog={catalog}
        status={catalog ? 'success' : 'error'}
        // The catalogue comes with the page: asking again is loading the page again.
        onRetry={() => window.location.reload()}
        addingId={addingId}
        onAdd={(template) => void add(template)}
      />
      {catalog && catalog.cycles.length > 0 && (
        <div className="mx-auto mt-10 max-w-3xl space-y-1 text-center text-sm text-slate-600">
          <p>{t('notes.vat')}</p>
          <p>{t('notes.extras')}</p>
        </div>
      )}
    </>
  );
}
