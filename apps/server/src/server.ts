import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { app } from './app.ts';
import type { Config } from './config.ts';

/** Builds a ready server for the given configuration; `main.ts` listens, tests inject. */
export async function buildServer(config: Config): Promise<FastifyInstance> {
  const server = Fastify({
    logger: { level: config.LOG_LEVEL },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  await app(server, config);
  await server.ready();
  return server;
}
