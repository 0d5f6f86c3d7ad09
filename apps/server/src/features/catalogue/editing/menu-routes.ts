import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import categoryRoutes from './categories.ts';
import pictureUploadRoutes from './pictures.ts';
import productOfferRoutes from './product-offers.ts';
import productRoutes from './products.ts';

/** The back office's menu: categories, products and pictures, under the admin subtree's guard. */
const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(categoryRoutes);
  await app.register(productRoutes);
  await app.register(productOfferRoutes);
  await app.register(pictureUploadRoutes);
};

export default menuRoutes;
