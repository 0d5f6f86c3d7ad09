import type { FastifyPluginAsync } from 'fastify';
import { staffSessionAdminRoutes } from '../staff-sessions/index.ts';
import { reportRoutes } from '../reports/index.ts';
import { storeAvailabilityRoutes } from '../store-status/index.ts';
import menuRoutes from '../admin-catalogue/menu-routes.ts';
import toppingRoutes from '../admin-catalogue/topping-routes.ts';
import settingsRoutes from '../admin-settings/settings-routes.ts';
import boardRoutes from './board.ts';
import orderDecisionRoutes from './order-decisions.ts';
import orderLimitRoutes from './order-limits.ts';
import { paymentAdminRoutes } from '../payments/index.ts';
import { orderSearchRoutes } from '../orders/index.ts';

/**
 * The `/api/admin` subtree. Its one guard: every route registered in here answers 401 to nobody and
 * 403 to a customer before anything else runs (STYLE: one guard hook per subtree).
 */
const adminRoutes: FastifyPluginAsync = async (admin) => {
  admin.addHook('onRequest', admin.auth.requireAdmin);
  await admin.register(orderDecisionRoutes);
  await admin.register(orderSearchRoutes);
  await admin.register(paymentAdminRoutes);
  await admin.register(boardRoutes);
  await admin.register(storeAvailabilityRoutes);
  await admin.register(orderLimitRoutes);
  await admin.register(staffSessionAdminRoutes);
  await admin.register(reportRoutes);
  // Issue 11: the catalogue and the store's settings, edited live.
  await admin.register(menuRoutes);
  await admin.register(toppingRoutes);
  await admin.register(settingsRoutes);
};

export default adminRoutes;
