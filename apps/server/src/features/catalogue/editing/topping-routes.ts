import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import allergenAdminRoutes from './allergen-admin.ts';
import groupAdminRoutes from './group-admin.ts';
import taxRateAdminRoutes from './tax-rate-admin.ts';
import toppingAdminRoutes from './topping-admin.ts';

/**
 * The back office's toppings, topping groups, allergens and additives, and VAT rates.
 * Registered inside the `/api/admin` subtree, whose one hook admits staff only.
 */
const toppingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(toppingAdminRoutes);
  await app.register(groupAdminRoutes);
  await app.register(allergenAdminRoutes);
  await app.register(taxRateAdminRoutes);
};

export default toppingRoutes;
