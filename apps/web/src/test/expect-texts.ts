import { expect } from 'vitest';

/** Checks that an element shows each of the texts; a failure names the first one missing. */
export function expectTexts(element: HTMLElement, texts: ReadonlyArray<string | RegExp>): void {
  for (const text of texts) expect(element).toHaveTextContent(text);
}
