import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { NewTabLink } from './new-tab-link';

describe('a link opened in a new tab', () => {
  it('goes to the French page for a French reader and to its English twin for an English one', async () => {
    const { unmount } = render(<NewTabLink href="/legal/sales">CGV</NewTabLink>);
    const link = screen.getByRole('link', { name: /CGV/ });
    expect(link).toHaveAttribute('href', '/legal/sales');
    expect(link).toHaveAttribute('target', '_blank');

    unmount();
    await i18n.changeLanguage('en');
    render(<NewTabLink href="/legal/sales">Terms</NewTabLink>);
    expect(screen.getByRole('link', { name: /Terms/ })).toHaveAttribute('href', '/en/legal/sales');
  });
});
