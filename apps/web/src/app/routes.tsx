import type { ComponentType } from 'react';
import { redirect, redirectDocument, type RouteObject } from 'react-router';
import { CLIENT_AREA_URL } from '@/lib/client-area';
import { loadNamespaces } from '@/lib/i18n';
import { PageLoading } from '@/components/page-loading';
import type { BrowserOnlyHandle } from './layout/browser-only';
import type { FocusedHandle } from './layout/focused-shell';
import type { ApplicationHandle } from './page-scripts';
import { RootLayout } from './layout/root-layout';
import { RootErrorBoundary, RouteErrorBoundary } from './routes/route-error-boundary';

/**
 * A page route (docs/product.md 'Pages and routes' ('Route table')): its module is a separate
 * chunk, and its translation namespaces load together with it so the page never renders with
 * missing text.
 */
function page(
  path: string | undefined,
  namespaces: readonly string[],
  load: () => Promise<ComponentType>,
  handle?:
    FocusedHandle | BrowserOnlyHandle | ApplicationHandle | (FocusedHandle & BrowserOnlyHandle),
): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    ...(handle ? { handle } : {}),
    ErrorBoundary: RouteErrorBoundary,
    // Shown inside the already drawn shell while the first page's code loads: the shell is
    // never drawn twice, so nothing in it (a field being typed in) is lost when the page comes.
    HydrateFallback: PageLoading,
    lazy: async () => {
      const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
      return { Component };
    },
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    children: [
      page(undefined, ['home'], () =>
        import('@/features/home/routes/home-page').then((m) => m.HomePage),
      ),
      page('features', ['features'], () =>
        import('@/features/product-features/routes/features-page').then((m) => m.FeaturesPage),
      ),
      page('pricing', ['pricing'], () =>
        import('./routes/pricing-route').then((m) => m.PricingRoute),
      ),
      page('about', ['about'], () =>
        import('@/features/about/routes/about-page').then((m) => m.AboutPage),
      ),
      page('contact', ['contact'], () =>
        import('@/features/contact/routes/contact-page').then((m) => m.ContactPage),
      ),
      page('roadmap', ['roadmap'], () =>
        import('@/features/roadmap/routes/roadmap-page').then((m) => m.RoadmapPage),
      ),
      page('changelog', ['changelog'], () =>
        import('@/features/changelog/routes/changelog-page').then((m) => m.ChangelogPage),
      ),
      // /store is linked as the store entry; the catalogue lives on the pricing page.
      // `element: null` tells the router these redirect-only routes render nothing on purpose.
      {
        path: 'store',
        loader: () => redirect('/pricing'),
        element: null,
        HydrateFallback: PageLoading,
      },
      page(
        'store/cart',
        ['cart'],
        () => import('@/features/cart/routes/cart-page').then((m) => m.CartPage),
        { browserOnly: true, titleKey: 'meta.cart.title' },
      ),
      page(
        'store/checkout',
        ['checkout', 'auth', 'renewals'],
        () => import('./routes/checkout-route').then((m) => m.CheckoutRoute),
        { focused: true, browserOnly: true, titleKey: 'meta.checkout.title' },
      ),
      // Optional number: the page shows the not-found state when no number is given.
      page(
        'store/order/success/:orderNumber?',
        ['orders'],
        () => import('./routes/order-success-route').then((m) => m.OrderSuccessRoute),
        { browserOnly: true, titleKey: 'meta.orderSuccess.title' },
      ),
      // The offline payment page that stands in for a provider's (docs/product.md 'Payment').
      page(
        'store/pay/sandbox/:paymentId',
        ['payments', 'renewals'],
        () => import('./routes/sandbox-payment-route').then((m) => m.SandboxPaymentRoute),
        { browserOnly: true },
      ),
      // Drawn by the server for each address, with islands (the order, or the ways back).
      page('store/order/failure', ['orders'], () =>
        import('./routes/order-failure-route').then((m) => m.OrderFailureRoute),
      ),
      // The former account page: the client area holds sign-in and the account now
      // (docs/decisions/028-client-application.md). A whole page load, as the area is another
      // application; the server answers a direct visit with the same 302.
      {
        path: 'account',
        // Absolute, so an English page's basename is not put in front of it.
        loader: ({ request }) => redirectDocument(new URL(CLIENT_AREA_URL, request.url).href),
        element: null,
        HydrateFallback: PageLoading,
      },
      page('legal/notice', ['legal'], () =>
        import('@/features/legal/routes/legal-notice-page').then((m) => m.LegalNoticePage),
      ),
      page('legal/privacy', ['legal'], () =>
        import('@/features/legal/routes/privacy-page').then((m) => m.PrivacyPage),
      ),
      page('legal/terms', ['legal'], () =>
        import('@/features/legal/routes/terms-page').then((m) => m.TermsPage),
      ),
      page('legal/sales', ['legal'], () =>
        import('@/features/legal/routes/sales-terms-page').then((m) => m.SalesTermsPage),
      ),
      page('legal/license', ['legal'], () =>
        import('@/features/legal/routes/license-agreement-page').then(
          (m) => m.LicenseAgreementPage,
        ),
      ),
      // Landing page of the newsletter's double opt-in mail.
      page(
        'newsletter/confirm',
        ['newsletter'],
        () =>
          import('@/features/newsletter/routes/newsletter-confirm-page').then(
            (m) => m.NewsletterConfirmPage,
          ),
        { browserOnly: true },
      ),
      // Any other path redirects to the home page.
      { path: '*', loader: () => redirect('/'), element: null, HydrateFallback: PageLoading },
    ],
  },
];
