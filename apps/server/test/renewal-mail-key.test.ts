import type { Language } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { describe, expect, it } from 'vitest';
import { renewalConfirmationMail } from '../src/modules/order-mail/emails';
import type { OrderItemRow } from '../src/modules/orders/repository';
import { LICENCE_KEY, newLicence, orderContext, orderItems } from './mail-fixtures';

/**
 * A renewal's line is named after its licence ('Pro : renouvellement de la licence CDR-…', the
 * name the order page and the invoice give it); its confirmation shows the key in its own panel,
 * so the mail names the key once and the lines name the plan.
 */

const renewalLine = (): OrderItemRow => {
  const [item] = orderItems;
  const name = (language: Language) =>
    translateMessage('license.renewal_line', language)
      .replace('{name}', 'Pro')
      .replace('{key}', LICENCE_KEY);
  return {
    ...item!,
    templateSnapshot: {
      ...item!.templateSnapshot,
      name: name('fr'),
      name_en: name('en'),
      plan_name: 'Pro',
      plan_name_en: 'Pro',
    },
  };
};

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the renewal confirmation', () => {
  it.each(['fr', 'en'] as const)('names the licence key once (%s)', async (lang) => {
    const ctx = { ...orderContext(lang), items: [renewalLine()] };
    const mail = await renewalConfirmationMail(ctx, newLicence, 'FA-2026-00008');
    expect(occurrences(mail.text, LICENCE_KEY)).toBe(1);
    expect(occurrences(mail.html ?? '', LICENCE_KEY)).toBe(1);
    // The plan is still named, in the key's panel and in the summary.
    expect(mail.text).toMatch(new RegExp(`${LICENCE_KEY} · Pro ·`));
    expect(mail.text).toMatch(/^Pro \((Annuel|Annually|Yearly)\) × 1/m);
  });
});
