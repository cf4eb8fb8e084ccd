import { z } from 'zod';

/** Field readers shared by the settings: an empty variable counts as unset. */

export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const booleanFlag = z.stringbool({
  truthy: ['true', '1', 'yes', 'on'],
  falsy: ['false', '0', 'no', 'off'],
});

export const urlWithProtocols = (protocols: string[], label: string) =>
  z
    .url({ message: `must be a URL (${label})` })
    .refine((value) => protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });
