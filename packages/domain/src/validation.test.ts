import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod, firstErrorPerField } from './validation';

describe('fieldErrorsFromZod', () => {
  it('joins paths with dots, puts root issues under "_" and removes duplicates', () => {
    const schema = z
      .object({ items: z.array(z.object({ a: z.string().min(2, 'short').regex(/x/, 'short') })) })
      .refine(() => false, { error: 'root' });
    const result = schema.safeParse({ items: [{ a: 'xx' }, { a: 'b' }, { a: 'yy' }] });
    expect(result.success).toBe(false);
    const errors = fieldErrorsFromZod(result.error!);
    expect(errors).toEqual({ 'items.1.a': ['short'], 'items.2.a': ['short'], _: ['root'] });
    const root = z
      .string()
      .refine(() => false, { error: 'root' })
      .safeParse('x');
    expect(fieldErrorsFromZod(root.error!)).toEqual({ _: ['root'] });
  });

  it('keeps the first message per field', () => {
    expect(firstErrorPerField({ a: ['one', 'two'], b: [] })).toEqual({ a: 'one' });
  });
});
