/**
 * What a visitor typed or chose in an island's fields before React owned it
 * (docs/decisions/048-islands-on-public-pages.md): hydration, or a form library registering its
 * fields, may put the drawn values back. Read just before hydrating, written back once hydrated
 * as typing would (an input event), so the island's own state takes it.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Typed {
  field: Field;
  value: string;
  checked: boolean;
}

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function changedFromDrawn(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  return field.value !== field.defaultValue;
}

export function readTypedValues(island: HTMLElement): Typed[] {
  return [...island.querySelectorAll<Field>('input, textarea, select')]
    .filter((field) => field.type !== 'hidden' && changedFromDrawn(field))
    .map((field) => ({ field, value: field.value, checked: isToggle(field) && field.checked }));
}

export function restoreTypedValues(typed: readonly Typed[]): void {
  for (const { field, value, checked } of typed) {
    if (!field.isConnected) continue;
    if (isToggle(field)) {
      if (field.checked !== checked) field.click();
      continue;
    }
    if (field.value === value) continue;
    // The prototype's setter: React tracks the value it set itself and would skip the event.
    const prototype = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', {
        bubbles: true,
      }),
    );
  }
}
