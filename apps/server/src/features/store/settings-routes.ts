import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import auditRoutes from './audit-routes.ts';
import deliveryAreaRoutes from './delivery-area-routes.ts';
import discountRoutes from './discount-routes.ts';
import storeSettingsRoutes from './store-settings-routes.ts';

/**
 * The store's settings in the back office: its details and hours, discounts, delivery areas,
 * and the audit log. Registered inside the `/api/admin` subtree, whose one hook admits staff only.
 */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(storeSettingsRoutes);
  await app.register(discountRoutes);
  await app.register(deliveryAreaRoutes);
  await app.register(auditRoutes);
};

export default settingsRoutes;
