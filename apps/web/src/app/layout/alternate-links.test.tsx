import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { AlternateLinks } from './alternate-links';

const href = (selector: string) => document.head.querySelector(selector)?.getAttribute('href');
const origin = window.location.origin;

describe('AlternateLinks', () => {
  it.each([
    ['/pricing', '/pricing', '/en/pricing'],
    ['/store/order/failure?error=declined', '/store/order/failure', '/en/store/order/failure'],
    ['/roadmap/', '/roadmap', '/en/roadmap'],
    ['/', '/', '/en/'],
  ])('names %s canonically and links its twins, in the head', async (path, french, english) => {
    const { unmount } = renderRoutes([{ path: '*', Component: AlternateLinks }], path);
    await waitFor(() => expect(href('link[rel="canonical"]')).toBe(`${origin}${french}`));
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(href('link[hreflang="fr"]')).toBe(`${origin}${french}`);
    expect(href('link[hreflang="en"]')).toBe(`${origin}${english}`);
    expect(href('link[hreflang="x-default"]')).toBe(`${origin}${french}`);
    unmount();
  });

  it('names the English address canonical on an English page', async () => {
    await i18n.changeLanguage('en');
    // The English router's basename strips /en: the route sees the page's own path.
    const { unmount } = renderRoutes([{ path: '*', Component: AlternateLinks }], '/pricing');
    await waitFor(() => expect(href('link[rel="canonical"]')).toBe(`${origin}/en/pricing`));
    expect(href('link[hreflang="fr"]')).toBe(`${origin}/pricing`);
    unmount();
  });
});
