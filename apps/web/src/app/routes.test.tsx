import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { logger } from '@/lib/logger';
import { renderRoutes } from '@/test/render';
import { RouteErrorBoundary } from './routes/route-error-boundary';
import { routes } from './routes';

// A page's first visit loads its module; on a busy two-core machine that can pass one second.
const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
const description = () =>
  document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('route table', () => {
  it('redirects an unknown path to the home page', async () => {
    const { router } = renderRoutes(routes, '/nowhere/at/all');
    expect(await heading()).toHaveTextContent(
      'Le CMS professionnel pour vos sites, clients et licences',
    );
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends the checkout of an empty cart to the cart', async () => {
    const { router } = renderRoutes(routes, '/store/checkout');
    expect(await heading()).toHaveTextContent('Panier');
    expect(router.state.location.pathname).toBe('/store/cart');
  });

  it('sends the store entry to the pricing page', async () => {
    const { router } = renderRoutes(routes, '/store');
    expect(await heading()).toHaveTextContent('Tarifs');
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it.each([
    ['/', 'Le CMS professionnel pour vos sites, clients et licences'],
    ['/features', 'Fonctionnalités'],
    ['/pricing', 'Tarifs'],
    ['/about', 'À propos'],
    ['/contact', 'Contact'],
    ['/roadmap', 'Feuille de route'],
    ['/store/cart', 'Panier'],
    // An anonymous visitor cannot see an order; no number is the not-found state.
    ['/store/order/success/CAD-2026-7KQ4M9XZ', 'Impossible d’afficher cette commande'],
    ['/store/order/success', 'Impossible d’afficher cette commande'],
    ['/store/order/failure', 'Échec du paiement'],
    ['/legal/notice', 'Mentions légales'],
    ['/legal/privacy', 'Politique de confidentialité'],
    ['/legal/terms', 'Conditions d’utilisation'],
    ['/legal/sales', 'Conditions générales de vente'],
    ['/legal/license', 'Contrat de licence'],
  ])('renders %s with its title and description', async (path, title) => {
    const { router } = renderRoutes(routes, path);
    expect(await heading()).toHaveTextContent(title);
    expect(router.state.location.pathname).toBe(path);
    await waitFor(() => expect(document.title).toBe(`${title} · Cadran`));
    expect(description()).toBeTruthy();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('writes the legal pages with the publisher identity', async () => {
    renderRoutes(routes, '/legal/notice');
    await heading();
    expect(screen.getByRole('heading', { level: 2, name: 'Éditeur du site' })).toBeInTheDocument();
    expect(screen.getByText(/Cadran SAS, SAS au capital de 50/)).toBeInTheDocument();
  });

  it('writes the terms of sale with the seller, renewal, withdrawal and 30-day refund', async () => {
    renderRoutes(routes, '/legal/sales');
    await heading();
    expect(
      screen.getByText(/sont vendues par Cadran SAS, SAS au capital de 50/),
    ).toBeInTheDocument();
    for (const name of [
      'Durée et renouvellement',
      'Droit de rétractation',
      'Satisfait ou remboursé',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/dans les 30 jours suivant son paiement/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Contrat de licence' })).toHaveAttribute(
      'href',
      '/legal/license',
    );
  });

  it('moves focus to the new page heading after a navigation', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await heading();
    const nav = screen.getAllByRole('navigation', { name: 'Navigation principale' })[0]!;
    await user.click(within(nav).getByRole('link', { name: 'Tarifs' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tarifs'),
    );
    // Focus moves from an effect after the new page is drawn, a moment after its heading shows.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('offers a skip link to the main content', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/about');
    await heading();
    await user.click(screen.getByRole('link', { name: 'Aller au contenu principal' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('shows the titles in English on an English page, with a link to the French twin', async () => {
    await setLanguage('en');
    renderRoutes(routes, '/legal/privacy');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy policy'),
    );
    expect(document.title).toBe('Privacy policy · Cadran');
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('link', { name: 'Switch the site to French (FR)' })[0],
    ).toHaveAttribute('href', '/legal/privacy');
  });
});

describe('route error boundary', () => {
  it('shows a friendly message and reports the error', async () => {
    const report = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('template list exploded');
    };
    renderRoutes([{ path: '/', Component: Broken, ErrorBoundary: RouteErrorBoundary }]);
    expect(await heading()).toHaveTextContent('Cette page n’a pas pu s’afficher');
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    expect(report).toHaveBeenCalledWith(
      'Page failed to render',
      expect.objectContaining({ path: '/' }),
    );
    // React reports the caught render error on the console; that output is expected here.
    vi.mocked(console.error).mockClear();
    vi.mocked(console.warn).mockClear();
  });
});
