import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { AdminShell } from './layout/admin-shell';
import { StaffGate } from './session/staff-gate';

/** A screen's code loads when it is first opened: the sign-in never carries the tables. */
const screen = (path: string | undefined, load: () => Promise<ComponentType>): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  HydrateFallback: PageLoading,
  lazy: async () => ({ Component: await load() }),
});

export const adminRoutes: RouteObject[] = [
  {
    path: '/',
    element: (
      <StaffGate>
        <AdminShell />
      </StaffGate>
    ),
    children: [
      screen(undefined, () => import('./screens/dashboard').then((m) => m.DashboardScreen)),
      screen('orders', () => import('./screens/orders/orders-list').then((m) => m.OrdersScreen)),
      screen('orders/new', () =>
        import('./screens/orders/manual-order/manual-order-screen').then(
          (m) => m.ManualOrderScreen,
        ),
      ),
      screen('orders/:id', () =>
        import('./screens/orders/order-detail').then((m) => m.OrderDetailScreen),
      ),
      screen('customers', () =>
        import('./screens/customers/customers-list').then((m) => m.CustomersScreen),
      ),
      screen('customers/:id', () =>
        import('./screens/customers/customer-detail').then((m) => m.CustomerDetailScreen),
      ),
      screen('licences', () =>
        import('./screens/licences/licences-list').then((m) => m.LicencesScreen),
      ),
      screen('licences/:id', () =>
        import('./screens/licences/licence-detail').then((m) => m.LicenceDetailScreen),
      ),
      screen('renewals', () =>
        import('./screens/renewals/renewals-screen').then((m) => m.RenewalsScreen),
      ),
      screen('catalogue', () =>
        import('./screens/catalogue/catalogue-screen').then((m) => m.CatalogueScreen),
      ),
      screen('promo-codes', () => import('./screens/promo-codes').then((m) => m.PromoCodesScreen)),
      screen('releases', () =>
        import('./screens/releases/releases-screen').then((m) => m.ReleasesScreen),
      ),
      screen('releases/:id', () =>
        import('./screens/releases/release-screen').then((m) => m.ReleaseScreen),
      ),
      screen('roadmap', () =>
        import('./screens/roadmap/roadmap-screen').then((m) => m.RoadmapScreen),
      ),
      screen('messages', () =>
        import('./screens/messages/messages-list').then((m) => m.MessagesScreen),
      ),
      screen('messages/:id', () =>
        import('./screens/messages/message-detail').then((m) => m.MessageDetailScreen),
      ),
      screen('newsletter', () => import('./screens/newsletter').then((m) => m.NewsletterScreen)),
      screen('exports', () => import('./screens/exports').then((m) => m.ExportsScreen)),
      screen('audit', () => import('./screens/audit').then((m) => m.AuditScreen)),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createAdminRouter = () => createBrowserRouter(adminRoutes, { basename: '/admin' });
