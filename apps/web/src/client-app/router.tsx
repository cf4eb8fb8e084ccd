import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageLoading } from '@/components/page-loading';
import { RouteErrorBoundary } from '@/app/routes/route-error-boundary';
import { ClientShell } from './layout/client-shell';
import { RequireSession } from './layout/require-session';
import { CLIENT_BASENAME } from './session';

/** A screen: its own chunk, loaded when first visited. */
const screen = (path: string | undefined, load: () => Promise<ComponentType>): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  ErrorBoundary: RouteErrorBoundary,
  HydrateFallback: PageLoading,
  lazy: async () => ({ Component: await load() }),
});

export const clientRoutes: RouteObject[] = [
  {
    Component: ClientShell,
    HydrateFallback: PageLoading,
    children: [
      screen('sign-in', () => import('./screens/sign-in-screen').then((m) => m.SignInScreen)),
      screen('register', () => import('./screens/sign-in-screen').then((m) => m.RegisterScreen)),
      screen('forgot-password', () =>
        import('./screens/password-screens').then((m) => m.ForgotPasswordScreen),
      ),
      screen('reset-password', () =>
        import('./screens/password-screens').then((m) => m.ResetPasswordScreen),
      ),
      screen('confirm-email', () =>
        import('./screens/confirm-email-screen').then((m) => m.ConfirmEmailScreen),
      ),
      // A deleted account has no session: the screen that ends the deletion needs none.
      screen('account-deleted', () =>
        import('./screens/account-deleted-screen').then((m) => m.AccountDeletedScreen),
      ),
      {
        Component: RequireSession,
        children: [
          screen(undefined, () =>
            import('./screens/dashboard-screen').then((m) => m.DashboardScreen),
          ),
          screen('orders', () => import('./screens/orders-screen').then((m) => m.OrdersScreen)),
          // By id, or by number as the order e-mails link it.
          screen('orders/:orderRef', () =>
            import('./screens/order-screen').then((m) => m.OrderScreen),
          ),
          screen('licences', () =>
            import('./screens/licences-screen').then((m) => m.LicencesScreen),
          ),
          screen('licences/:licenceId', () =>
            import('./screens/licence-screen').then((m) => m.LicenceScreen),
          ),
          screen('licences/:licenceId/payment-method/:setupId', () =>
            import('./screens/renewals/method-setup-screen').then((m) => m.MethodSetupScreen),
          ),
          screen('downloads', () =>
            import('./screens/downloads-screen').then((m) => m.DownloadsScreen),
          ),
          screen('invoices', () =>
            import('./screens/invoices-screen').then((m) => m.InvoicesScreen),
          ),
          screen('profile', () => import('./screens/profile-screen').then((m) => m.ProfileScreen)),
          screen('security', () =>
            import('./screens/security-screen').then((m) => m.SecurityScreen),
          ),
          screen('privacy', () => import('./screens/privacy-screen').then((m) => m.PrivacyScreen)),
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

const router = createBrowserRouter(clientRoutes, { basename: CLIENT_BASENAME });

export function ClientRouter() {
  return <RouterProvider router={router} />;
}
