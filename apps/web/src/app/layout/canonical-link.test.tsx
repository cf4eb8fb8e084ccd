import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { CanonicalLink } from './canonical-link';

const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

describe('CanonicalLink', () => {
  it.each([
    ['/pricing', '/pricing'],
    ['/store/order/failure?error=carte%20refus%C3%A9e', '/store/order/failure'],
    ['/roadmap/', '/roadmap'],
    ['/', '/'],
  ])('names %s as %s on this origin, in the head', async (path, expected) => {
    const { unmount } = renderRoutes([{ path: '*', Component: CanonicalLink }], path);
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}${expected}`));
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    unmount();
  });
});
