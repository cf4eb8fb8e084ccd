import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { ScreenLightbox } from './screen-lightbox';
import { AppProviders } from '@/test/render';

beforeAll(async () => {
  await loadNamespaces(['home']);
});

function renderOpenLightbox() {
  render(
    <AppProviders>
      <ScreenLightbox open index={0} onIndexChange={() => {}} onClose={() => {}} />
    </AppProviders>,
  );
  const dialog = screen.getByRole('dialog');
  const controls = Array.from(dialog.querySelectorAll('button'));
  return { first: controls[0]!, last: controls[controls.length - 1]! };
}

describe('ScreenLightbox focus trap', () => {
  it('sends Tab from the last control back to the first', async () => {
    const user = userEvent.setup();
    const { first, last } = renderOpenLightbox();
    expect(first).toHaveAccessibleName('Écran précédent');
    expect(last).toHaveTextContent('Fermer');
    last.focus();
    await user.tab();
    expect(document.activeElement).toBe(first);
  });

  it('sends Shift+Tab from the first control to the last', async () => {
    const user = userEvent.setup();
    const { first, last } = renderOpenLightbox();
    first.focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
  });

  it('leaves Tab between inner controls to the browser', async () => {
    const user = userEvent.setup();
    const { first } = renderOpenLightbox();
    first.focus();
    await user.tab();
    expect(document.activeElement).not.toBe(first);
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });
});
