import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { app } from './app.ts';
import type { Config } from './config.ts';

/**
 * Only the proxies TRUST_PROXY names may tell the client's address (`X-Forwarded-For`); by default
 * nobody can. A hop count trusts that many proxies counted from this server.
 */
function trustedProxies(
  trustProxy: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trustProxy === undefined) return false;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return trustProxy;
}

/**
 * The largest request body any route takes unless it says otherwise: the biggest order
 * the schemas allow (100 lines of 50 extras) fits; a larger body is refused with 413 before it is read.
 * Routes with other needs set their own: the login form 16 KB, PayPal's webhook 256 KB, pictures 10 MB.
 */
export const BODY_LIMIT_BYTES = 256 * 1024;

export interface BuildServerOptions {
  /** Called for every route as it is added (the authorisation matrix test lists them all this way). */
  onRoute?: (route: RouteOptions) => void;
}

/** How long one plugin may take to start: the database's migrations the longest of them. */
const PLUGIN_TIMEOUT_MS = 10 * 60_000;

/** Builds a ready server for the given configuration; `main.ts` listens, tests inject. */
export async function buildServer(config: Config, options: BuildServerOptions = {}): Promise<FastifyInstance> {
  const server = Fastify({
    logger: { level: config.LOG_LEVEL },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // Opening the database runs its migrations, which after an upgrade may build indexes over every order
    // a restaurant ever took, on a small machine: Fastify's 10 s for a plugin would end the start midway.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) server.addHook('onRoute', options.onRoute);
  await app(server, config);
  await server.ready();
  return server;
}
