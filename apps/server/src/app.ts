import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import auth from './plugins/auth.ts';
import database from './plugins/database.ts';
import errors from './plugins/errors.ts';
import language from './plugins/language.ts';
import openapi from './plugins/openapi.ts';
import webApp from './plugins/web-app.ts';
import healthRoutes from './features/health/routes.ts';
import { catalogueRoutes, catalogueService } from './features/catalogue/index.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The whole server as one plugin: external plugins first, then our own, then routes. */
export async function app(instance: FastifyInstance, config: Config): Promise<void> {
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);

  await instance.register(language);
  await instance.register(errors);
  await instance.register(openapi);
  await instance.register(database, {
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    seed: { openingHours: config.SEED_OPENING_HOURS },
  });
  await instance.register(auth, { secret: config.JWT_SECRET });
  await instance.register(catalogueService);

  await instance.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
    },
    { prefix: '/api' },
  );

  await instance.register(webApp, { root: path.resolve(config.WEB_DIST ?? defaultWebDist) });
}
