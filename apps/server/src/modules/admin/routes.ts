import type { FastifyPluginAsync } from 'fastify';
import adminAuditRoutes from './audit-routes';
import adminCustomerRoutes from './customer-routes';
import adminDashboardRoutes from './dashboard-routes';
import exportRoutes from './export-routes';
import adminOrderActionRoutes from './order-action-routes';
import adminLicenseRoutes from './license-routes';
import adminManualOrderRoutes from './manual-order-routes';
import adminMessageRoutes from './message-routes';
import adminNewsletterRoutes from './newsletter-routes';
import adminOrderRoutes from './order-routes';
import adminPromoRoutes from './promo-routes';
import adminResendMailRoutes from './resend-mail-routes';
import adminReleaseRoutes from './release-routes';
import adminRoadmapRoutes from './roadmap-routes';
import secondFactorRoutes from './second-factor-routes';
import { staffRoleGuard } from './staff-roles';
import { listenToStaffChanges } from './staff-signals';
import adminTemplateRoutes from './template-routes';
import adminVatNumberRoutes from './vat-number-routes';
import renewalAdminRoutes from '../renewals/admin-routes';

/**
 * The back office API, /api/v1/admin/* (docs/product.md 'Back office'): one guard for every route
 * of the area, run on onRequest so an anonymous caller learns nothing (not even validation details)
 * before its 401, and a client gets 403; staff need their second factor, and support staff reach
 * only the routes open to them (staff-roles.ts). The second factor's own routes sit beside,
 * behind the password alone. Answers are never cached.
 */
const adminRoutes: FastifyPluginAsync = async (app) => {
  listenToStaffChanges(app);
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      admin.addHook('onRequest', admin.requireStaff);
      admin.addHook('onRequest', staffRoleGuard);
      await admin.register(adminRoadmapRoutes);
      await admin.register(adminOrderRoutes);
      await admin.register(adminOrderActionRoutes);
      await admin.register(adminResendMailRoutes);
      await admin.register(adminManualOrderRoutes);
      await admin.register(adminVatNumberRoutes);
      await admin.register(adminCustomerRoutes);
      await admin.register(adminDashboardRoutes);
      await admin.register(adminPromoRoutes);
      await admin.register(adminAuditRoutes);
      await admin.register(adminLicenseRoutes);
      await admin.register(adminTemplateRoutes);
      await admin.register(adminMessageRoutes);
      await admin.register(adminNewsletterRoutes);
      await admin.register(adminReleaseRoutes);
      await admin.register(renewalAdminRoutes);
      await admin.register(exportRoutes);
    },
    { prefix: '/api/v1/admin' },
  );
  await app.register(secondFactorRoutes, { prefix: '/api/v1/admin/second-factor' });
};

export default adminRoutes;
