import type { z } from 'zod';

/**
 * Flattens zod issues into the `errors` record of ApiErrorSchema: the path joined with dots
 * ("items.0.customizations.primary_domain"), root issues under "_", duplicates removed.
 */
export function fieldErrorsFromIssues(
  issues: readonly z.core.$ZodIssue[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length === 0 ? '_' : issue.path.map(String).join('.');
    const list = (out[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

export const fieldErrorsFromZod = (error: z.ZodError): Record<string, string[]> =>
  fieldErrorsFromIssues(error.issues);

/** The first message of each field, the shape a form shows under its inputs. */
export function firstErrorPerField(errors: Readonly<Record<string, readonly string[]>>) {
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(errors)) {
    const first = list[0];
    if (first !== undefined) out[field] = first;
  }
  return out;
}
