import { useTranslation } from 'react-i18next';

const BLURBS = [
  { id: 'payment', icon: 'M6 10V7a6 6 0 1 1 12 0v3M5 10h14v10H5zM12 14v2' },
  { id: 'updates', icon: 'M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4' },
  { id: 'support', icon: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H4zM17 13h3v6h-3z' },
] as const;

/** The cart's reassurance blurbs on secure payment, updates and support. */
export function CartReassurance() {
  const { t } = useTranslation('cart');
  return (
    <section aria-labelledby="cart-reassurance-title" className="mt-6">
      <h2 id="cart-reassurance-title" className="sr-only">
        {t('reassurance.title')}
      </h2>
      <ul className="space-y-4">
        {BLURBS.map(({ id, icon }) => (
          <li key={id} className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <svg
                className="size-5"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.75"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={icon} />
              </svg>
            </span>
            <div>
              <h3 className="text-sm font-semibold text-slate-900">
                {t(`reassurance.${id}.title`)}
              </h3>
              <p className="mt-0.5 text-sm leading-6 text-slate-600">
                {t(`reassurance.${id}.text`)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
