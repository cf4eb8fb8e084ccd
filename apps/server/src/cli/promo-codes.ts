import { parseArgs } from 'node:util';
import { PromoCodeCreateSchema, type PromoCodeAdmin } from '@cadran/domain/promo-codes';
import { translateMessage } from '@cadran/domain/messages';
import { loadConfigFromProcess } from '../config';
import { createPromoCode, listPromoCodes, promoCodesIn } from '../modules/admin/promo-codes';
import { withCommandDatabase } from './database';
import { UsageError } from './usage-error';

export const PROMO_USAGE = `Usage: npm run admin -- promo-create --code <CODE> (--percent <1-100> | --amount <euros>)
                                    [--starts-at <ISO 8601>] [--ends-at <ISO 8601>]
                                    [--max-uses <n>] [--max-uses-per-customer <n>]
                                    [--template-id <id>]... [--cycle <billing cycle>]...
       npm run admin -- promo-list

Creates a promo code (the same rules as POST /api/v1/admin/promo-codes): a percentage (12.5
for 12.5 %) or a fixed amount off before VAT, valid from --starts-at (inclusive) to --ends-at
(exclusive), at most --max-uses times in all and --max-uses-per-customer times per customer,
only on the templates and billing cycles named (none named: all). promo-list prints every code
with its uses; a cancelled order's use does not count.`;

const describe = (promo: PromoCodeAdmin): string => {
  const discount =
    promo.discount.type === 'percentage'
      ? `${promo.discount.percent} %`
      : `${promo.discount.amount} EUR`;
  const limit = promo.max_uses === null ? '' : `/${promo.max_uses}`;
  const window = `${promo.starts_at ?? '-'} .. ${promo.ends_at ?? '-'}`;
  return `${promo.code}\t${discount}\tuses ${promo.uses}${limit}\t${window}`;
};

const integer = (value: string | undefined, option: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${option} must be a whole number`);
  return Number(value);
};

/** `promo-create`: exit 0 when created, 1 when the code exists, 2 on bad input. */
export async function promoCreateCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      code: { type: 'string' },
      percent: { type: 'string' },
      amount: { type: 'string' },
      'starts-at': { type: 'string' },
      'ends-at': { type: 'string' },
      'max-uses': { type: 'string' },
      'max-uses-per-customer': { type: 'string' },
      'template-id': { type: 'string', multiple: true },
      cycle: { type: 'string', multiple: true },
    },
    strict: true,
  });
  if (values.percent !== undefined && values.amount !== undefined) {
    throw new UsageError('give either --percent or --amount, not both');
  }
  if (values.percent === undefined && values.amount === undefined) {
    throw new UsageError('--percent or --amount is required');
  }
  const parsed = PromoCodeCreateSchema.safeParse({
    code: values.code,
    discount:
      values.percent !== undefined
        ? { type: 'percentage', percent: Number(values.percent.replace(',', '.')) }
        : { type: 'fixed', amount: values.amount?.replace(',', '.') },
    starts_at: values['starts-at'],
    ends_at: values['ends-at'],
    max_uses: integer(values['max-uses'], '--max-uses'),
    max_uses_per_customer: integer(values['max-uses-per-customer'], '--max-uses-per-customer'),
    template_ids: values['template-id']?.map((id) => integer(id, '--template-id')),
    billing_cycles: values.cycle,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${translateMessage(issue.message, 'en')}`,
    );
    process.stderr.write(`Invalid promo code:\n${problems.join('\n')}\n`);
    return 2;
  }
  return withCommandDatabase(loadConfigFromProcess(), async (database) => {
    const created = await createPromoCode(database.db, parsed.data, null);
    if (!created) {
      process.stderr.write(`Promo code ${parsed.data.code} already exists\n`);
      return 1;
    }
    process.stdout.write(`Promo code created: ${describe(created)}\n`);
    return 0;
  });
}

export async function promoListCommand(args: string[]): Promise<number> {
  parseArgs({ args, options: {}, strict: true });
  return withCommandDatabase(loadConfigFromProcess(), async (database) => {
    const codes = await listPromoCodes(promoCodesIn(database.db));
    process.stdout.write(
      codes.length === 0 ? 'No promo code\n' : `${codes.map(describe).join('\n')}\n`,
    );
    return 0;
  });
}
