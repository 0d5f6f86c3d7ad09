import type { FastifyPluginAsync, FastifySchema } from 'fastify';
import {
  STAFF_ROLE_EXTENSION,
  type LocalizedText,
  type StaffRole,
  staffRoleAllows,
  staffRoleSchema,
} from '@pizzeria/domain';
import { HttpError } from '../../plugins/errors.ts';
import { staffAccountAdminRoutes, staffSessionAdminRoutes } from '../staff/index.ts';
import { pushRoutes } from '../push/index.ts';
import { reportRoutes } from '../reports/index.ts';
import { settingsRoutes, storeAvailabilityRoutes } from '../store/index.ts';
import { menuRoutes, toppingRoutes } from '../catalogue/index.ts';
import { paymentAdminRoutes } from '../payments/index.ts';
import { voucherAdminRoutes } from '../vouchers/index.ts';
import { boardRoutes, orderDecisionRoutes, orderLimitRoutes, orderSearchRoutes } from '../orders/index.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** The least staff role a `/api/admin` route needs (docs/product/back-office.md); shown in the OpenAPI document. */
    [STAFF_ROLE_EXTENSION]?: StaffRole;
  }
}

/** The least role a route's schema declares; undefined when it declares none (or no valid one). */
function declaredRole(schema: FastifySchema | undefined): StaffRole | undefined {
  const declared = staffRoleSchema.safeParse(schema?.[STAFF_ROLE_EXTENSION]);
  return declared.success ? declared.data : undefined;
}

/** Who may do it, in the 403 a member of staff with a lower role gets. */
const ROLE_TOO_LOW: Readonly<Record<Exclude<StaffRole, 'kitchen'>, LocalizedText>> = {
  manager: {
    de: 'Das darf nur die Schichtleitung oder der Inhaber.',
    en: 'Only a shift manager or the owner may do this.',
  },
  owner: {
    de: 'Das darf nur der Inhaber.',
    en: 'Only the owner may do this.',
  },
};

/**
 * The `/api/admin` subtree. Its one guard: every route registered in here answers 401 to nobody, 403 to a
 * customer and 403 to staff whose role is below the one the route declares in its schema
 * (`x-staff-role`), naming who may, before anything else runs (STYLE: one guard hook per subtree).
 * A route that declares no role stops the server at startup: who may call it is decided, never defaulted.
 */
const adminRoutes: FastifyPluginAsync = async (admin) => {
  admin.addHook('onRoute', (route) => {
    // HEAD answers as its GET, which declared its role.
    if (route.method === 'HEAD') return;
    if (!declaredRole(route.schema)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(`${methods} ${route.url} declares no least staff role (schema['${STAFF_ROLE_EXTENSION}'])`);
    }
  });
  admin.addHook('onRequest', async (request) => {
    const required = declaredRole(request.routeOptions.schema);
    if (!required) throw new Error(`${request.method} ${request.url}: an admin route without its least staff role`);
    // Nobody, a customer: 401 / 403 as for any staff route; then a role too low hears who may.
    admin.auth.requireStaffRole(request, 'kitchen');
    if (required !== 'kitchen' && !staffRoleAllows(request.caller?.staffRole, required)) {
      throw new HttpError(403, 'forbidden', ROLE_TOO_LOW[required]);
    }
  });
  await admin.register(orderDecisionRoutes);
  await admin.register(orderSearchRoutes);
  await admin.register(paymentAdminRoutes);
  await admin.register(boardRoutes);
  await admin.register(storeAvailabilityRoutes);
  await admin.register(orderLimitRoutes);
  await admin.register(staffSessionAdminRoutes);
  await admin.register(staffAccountAdminRoutes);
  await admin.register(pushRoutes);
  await admin.register(reportRoutes);
  // The catalogue and the store's settings, edited live.
  await admin.register(menuRoutes);
  await admin.register(toppingRoutes);
  await admin.register(settingsRoutes);
  await admin.register(voucherAdminRoutes);
};

export default adminRoutes;
