import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cartItem } from '@/features/cart/store/cart-fixtures';
import { useCartStore } from '@/features/cart/store/cart-store';
import { renderRoutes } from '@/test/render';
import { SiteHeader } from './site-header';

const routes = [
  { path: '/', element: <SiteHeader /> },
  { path: '/features', element: <SiteHeader /> },
  { path: '/pricing', element: <SiteHeader /> },
];

afterEach(() => {
  useCartStore.setState({ items: [] });
});

const menuToggle = () => screen.getByRole('button', { name: /menu/i });

describe('cart button', () => {
  it('shows no badge when the cart is empty', () => {
    renderRoutes(routes);
    expect(screen.getByRole('link', { name: 'Panier' })).toHaveAttribute('href', '/store/cart');
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });

  it('shows the item count with an accessible label', () => {
    useCartStore.setState({
      items: [cartItem({ quantity: 2 }), cartItem({ id: 'b', quantity: 1 })],
    });
    renderRoutes(routes);
    expect(screen.getByRole('link', { name: 'Panier, 3 articles' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
  });

  it('follows the cart as it changes', () => {
    renderRoutes(routes);
    act(() => {
      useCartStore.setState({ items: [cartItem()] });
    });
    expect(screen.getByRole('link', { name: 'Panier, 1 article' })).toBeInTheDocument();
    act(() => {
      useCartStore.setState({ items: [] });
    });
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });
});

describe('mobile menu', () => {
  it('toggles aria-expanded and the panel it controls', async () => {
    const user = userEvent.setup();
    renderRoutes(routes);
    const toggle = menuToggle();
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Ouvrir le menu');
    expect(panel).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Fermer le menu');
    expect(panel).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    renderRoutes(routes);
    await user.click(menuToggle());
    await user.keyboard('{Escape}');
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(menuToggle()).toHaveFocus();
  });

  it('links each page as a document of its own and closes when a link is followed', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/features');
    await user.click(menuToggle());
    const panel = document.getElementById(
      menuToggle().getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    const link = within(panel).getByRole('link', { name: 'Fonctionnalités' });
    expect(link).toHaveAttribute('href', '/features');
    expect(link).toHaveAttribute('aria-current', 'page');
    // jsdom cannot load another document: the click's own work is what is checked here.
    const stay = (event: MouseEvent) => event.preventDefault();
    window.addEventListener('click', stay);
    try {
      await user.click(link);
    } finally {
      window.removeEventListener('click', stay);
    }
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('header links', () => {
  it('links the client area as a plain document link and Buy to the pricing page', () => {
    renderRoutes(routes);
    for (const link of screen.getAllByRole('link', { name: 'Espace client' })) {
      expect(link).toHaveAttribute('href', '/client');
    }
    expect(screen.getAllByRole('link', { name: 'Acheter' })[0]).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Cadran, retour à l’accueil' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('links each page to its twin in the other language and saves the choice', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/pricing?cycle=yearly');
    const [toggle] = screen.getAllByRole('link', { name: 'Passer le site en anglais (EN)' });
    expect(toggle).toHaveAttribute('href', '/en/pricing?cycle=yearly');
    expect(toggle).toHaveAttribute('hreflang', 'en');
    // jsdom cannot load another document: the click's own work is what is checked here.
    const stay = (event: MouseEvent) => event.preventDefault();
    window.addEventListener('click', stay);
    try {
      await user.click(toggle!);
    } finally {
      window.removeEventListener('click', stay);
    }
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.cookie).toContain('language=en');
    document.cookie = 'language=; Max-Age=0; Path=/';
  });
});
