import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorSchema, pushKeySchema, pushSubscriptionRequestSchema } from '@pizzeria/domain';
import type { FastifyRequest } from 'fastify';

/** The staff device (session) asking: the admin guard lets only tokens through that name one (plugins/auth.ts). */
function deviceOf(request: FastifyRequest): number {
  const sessionId = request.caller?.sessionId;
  if (sessionId === undefined) throw new Error('the admin guard let a request without a staff session through');
  return sessionId;
}

/**
 * `/api/admin/push`: the key to subscribe with, and this device's subscription. Registered inside the admin
 * subtree (its guard): nobody gets 401, a customer 403.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/key',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'The server’s public VAPID key, for `pushManager.subscribe({ applicationServerKey })`',
        response: { 200: pushKeySchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => ({ public_key: await app.push.publicKey() }),
  );

  app.put(
    '/push/subscription',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'This device’s push subscription (`PushSubscription.toJSON()`): it rings for each new order',
        body: pushSubscriptionRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await app.push.subscribe(deviceOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/subscription',
    {
      schema: {
        'x-staff-role': 'kitchen',
        tags: ['admin'],
        summary: 'Turns this device’s notifications off',
        response: { 204: z.null(), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await app.push.unsubscribe(deviceOf(request));
      return reply.status(204).send(null);
    },
  );
};
