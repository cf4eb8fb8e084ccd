import { useTranslation } from 'react-i18next';

export interface PageMetaProps {
  /** Translation key of the page name; the document title becomes "<name> · Cadran". */
  titleKey?: string;
  /** A ready-made page name, for titles built from data (an order number). */
  title?: string;
  descriptionKey?: string;
  description?: string;
  /** Namespace of the keys; the shell's route titles live in 'common'. */
  ns?: string;
}

/**
 * Document title and description of a route (docs/product.md 'Pages and routes': each page sets its
 * title). React 19 hoists <title> and <meta> into <head> and removes them when the page unmounts.
 */
export function PageMeta({
  titleKey,
  title,
  descriptionKey,
  description,
  ns = 'common',
}: PageMetaProps) {
  const { t, i18n } = useTranslation(ns);
  const name = title ?? (titleKey ? t(titleKey) : '');
  const fullTitle = name ? t('meta.titleTemplate', { ns: 'common', title: name }) : 'Cadran';
  const text = description ?? (descriptionKey ? t(descriptionKey) : undefined);
  const locale = i18n.language === 'en' ? 'en_GB' : 'fr_FR';
  return (
    <>
      <title>{fullTitle}</title>
      {text && <meta name="description" content={text} />}
      <meta property="og:title" content={fullTitle} />
      {text && <meta property="og:description" content={text} />}
      <meta property="og:locale" content={locale} />
    </>
  );
}
