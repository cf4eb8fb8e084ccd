import type { TFunction } from 'i18next';

/**
 * "Options : 2 domaines en plus, 1 installation en plus": the extras of a line, each count with
 * its own plural and only the ones bought, so no "domaine(s)" and no "0 installation".
 */
export function extrasText(
  t: TFunction,
  extras: { domains: number; installations: number },
): string {
  const parts = [
    extras.domains > 0 ? t('extras.domains', { ns: 'common', count: extras.domains }) : '',
    extras.installations > 0
      ? t('extras.installations', { ns: 'common', count: extras.installations })
      : '',
  ].filter((part) => part !== '');
  return t('extras.list', { ns: 'common', list: parts.join(', ') });
}
