import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/ui/link-button';

/** An empty cart shows a message and a link to /pricing. */
export function CartEmpty() {
  const { t } = useTranslation('cart');
  return (
    <div className="mx-auto max-w-xl rounded-card border border-dashed border-slate-300 px-6 py-14 text-center">
      <svg
        className="mx-auto size-12 text-brand-600"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9.5" cy="19.5" r="1.25" />
        <circle cx="16.5" cy="19.5" r="1.25" />
      </svg>
      <h2 id="cart-empty-title" tabIndex={-1} className="mt-5 text-2xl">
        {t('empty.title')}
      </h2>
      <p className="mt-3 leading-7 text-slate-600">{t('empty.text')}</p>
      <LinkButton to="/pricing" size="lg" className="mt-8">
        {t('empty.cta')}
      </LinkButton>
    </div>
  );
}
