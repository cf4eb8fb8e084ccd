import type { Language } from '@cadran/domain/constants';

/** Fills `{name}` placeholders; an unknown one stays visible rather than vanishing. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );

/** Customer-entered values stay on one line, so a name cannot fake another line of the mail. */
export const oneLine = (value: string): string => value.replace(/[\r\n\t]+/g, ' ').trim();

/** A date as the reader says it, in French time (the seller's). */
export const formatDate = (date: Date, lang: Language): string =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', {
    dateStyle: 'long',
    timeZone: 'Europe/Paris',
  }).format(date);
