import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { STAFF_ROLE_EXTENSION, type StaffRole, staffRoleSchema } from '@pizzeria/domain';
import { staffSessionAdminRoutes } from '../staff/index.ts';
import { pushRoutes } from '../push/index.ts';
import { reportRoutes } from '../reports/index.ts';
import { settingsRoutes, storeAvailabilityRoutes } from '../store/index.ts';
import { menuRoutes, toppingRoutes } from '../catalogue/index.ts';
import { paymentAdminRoutes } from '../payments/index.ts';
import { boardRoutes, orderDecisionRoutes, orderLimitRoutes, orderSearchRoutes } from '../orders/index.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** The least staff role a `/api/admin` route needs (docs/product/back-office.md); shown in the OpenAPI document. */
    [STAFF_ROLE_EXTENSION]?: StaffRole;
  }
}

/** The least role the route of this request declared; a route that declares none is the owner's alone. */
function requiredRole(request: FastifyRequest): StaffRole {
  const declared = staffRoleSchema.safeParse(request.routeOptions.schema?.[STAFF_ROLE_EXTENSION]);
  return declared.success ? declared.data : 'owner';
}

/**
 * The `/api/admin` subtree. Its one guard: every route registered in here answers 401 to nobody, 403 to a
 * customer and 403 to staff whose role is below the one the route declares in its schema
 * (`x-staff-role`), before anything else runs (STYLE: one guard hook per subtree).
 */
const adminRoutes: FastifyPluginAsync = async (admin) => {
  admin.addHook('onRequest', async (request) => {
    admin.auth.requireStaffRole(request, requiredRole(request));
  });
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
