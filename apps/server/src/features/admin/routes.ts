import type { FastifyPluginAsync } from 'fastify';
import { staffSessionAdminRoutes } from '../staff/index.ts';
import { pushRoutes } from '../push/index.ts';
import { reportRoutes } from '../reports/index.ts';
import { settingsRoutes, storeAvailabilityRoutes } from '../store/index.ts';
import { menuRoutes, toppingRoutes } from '../catalogue/index.ts';
import { paymentAdminRoutes } from '../payments/index.ts';
import { boardRoutes, orderDecisionRoutes, orderLimitRoutes, orderSearchRoutes } from '../orders/index.ts';

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
  await admin.register(pushRoutes);
  await admin.register(reportRoutes);
  // The catalogue and the store's settings, edited live.
  await admin.register(menuRoutes);
  await admin.register(toppingRoutes);
  await admin.register(settingsRoutes);
};

export default adminRoutes;
