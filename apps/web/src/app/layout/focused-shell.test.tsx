import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { SupportEmailContext } from '@/lib/support-email';
import { renderRoutes } from '@/test/render';
import { RootLayout } from './root-layout';

const routes = [
  {
    Component: RootLayout,
    children: [
      { index: true, element: <h1>Accueil</h1> },
      { path: 'store/cart', element: <h1>Panier</h1> },
      { path: 'store/checkout', handle: { focused: true }, element: <h1>Commande</h1> },
    ],
  },
];

describe('focused shell', () => {
  it('draws the checkout with the logo, the way back to the cart and the legal documents only', async () => {
    const person = userEvent.setup();
    const { router } = renderRoutes(routes, '/store/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Commande' });
    expect(
      screen.queryByRole('navigation', { name: 'Navigation principale' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Tarifs/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByRole('link', { name: 'Conditions générales de vente' }),
    ).toHaveAttribute('href', '/legal/sales');
    await person.click(screen.getByRole('link', { name: /Retour au panier/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Panier' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/store/cart');
    // Back on the site, the whole header and footer are there again.
    expect(
      screen.getAllByRole('navigation', { name: 'Navigation principale' }).length,
    ).toBeGreaterThan(0);
  });

  afterEach(() => setLanguage('fr'));

  it.each([
    ['fr', '/store/checkout', 'Commande'],
    ['en', '/store/checkout', 'Commande'],
    ['fr', '/store/cart', 'Panier'],
    ['en', '/store/cart', 'Panier'],
  ] as const)(
    'gives the support address the server is set with (%s, %s)',
    async (language, path, title) => {
      await setLanguage(language);
      const withAddress = [
        {
          element: (
            <SupportEmailContext value="aide@horlogerie.example">
              <RootLayout />
            </SupportEmailContext>
          ),
          children: routes[0]!.children,
        },
      ];
      renderRoutes(withAddress, path);
      await screen.findByRole('heading', { level: 1, name: title });
      const footer = screen.getByRole('contentinfo');
      expect(
        within(footer).getByRole('link', { name: /aide@horlogerie\.example/ }),
      ).toHaveAttribute('href', 'mailto:aide@horlogerie.example');
      expect(footer).not.toHaveTextContent('support@cadran.fr');
    },
  );
});
