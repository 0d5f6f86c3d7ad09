import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { PHONE_INPUT_DOCS, optionalPhoneSchema, phoneSchema } from '@pizzeria/domain';

interface Channel {
  path: string;
  summary: string;
  description: string;
  tags: string[];
}

/** A Fastify route path in OpenAPI's spelling: `/orders/:id` → `/orders/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * OpenAPI document at /api/openapi.json, generated from the routes' zod schemas; docs at /api/docs.
 * `@fastify/websocket` hides WebSocket routes from it, so their summary and description are collected
 * here and listed as GET operations answered with 101 (the upgrade).
 */
export default fp(
  async (app) => {
    // The domain's schemas are shared with the storefront, which must not load zod's registry for them.
    for (const schema of [phoneSchema, optionalPhoneSchema]) z.globalRegistry.add(schema, PHONE_INPUT_DOCS);
    const channels: Channel[] = [];
    app.addHook('onRoute', (route) => {
      if (!route.websocket || route.method === 'HEAD') return;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      channels.push({
        path: openApiPath(route.url),
        summary: text(schema.summary),
        description: text(schema.description),
        tags: Array.isArray(schema.tags) ? schema.tags.map(text) : ['realtime'],
      });
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Pizzeria ordering API',
          description: 'Storefront and back-office API of the restaurant. Amounts are decimal euros.',
          version: '1.0.0',
        },
        servers: [{ url: '/' }],
      },
      transform: jsonSchemaTransform,
      transformObject: (document) => {
        if (!('openapiObject' in document)) return document.swaggerObject;
        const { openapiObject } = document;
        const realtime = Object.fromEntries(
          channels.map((channel) => [
            channel.path,
            {
              get: {
                tags: channel.tags,
                summary: channel.summary,
                description: channel.description,
                responses: { 101: { description: 'Switching to the WebSocket protocol' } },
              },
            },
          ]),
        );
        return { ...openapiObject, paths: { ...openapiObject.paths, ...realtime } };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
