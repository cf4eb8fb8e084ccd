/** Joins class names, skipping the falsy ones (conditional Tailwind classes). */
export function cn(...classes: ReadonlyArray<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
