import type { FastifyPluginAsync } from 'fastify';
import { CHANNEL_CLOSE, storeIdParamsSchema } from '@pizzeria/domain';

/**
 * `WS /api/ws/store/{id}/status` (docs/product/times.md): `{today_hours, local_time, timezone, is_open, pause, closure}`
 * on connect, on every change and every minute; `{error}` when it cannot be computed. An unknown store
 * gets `{error}` and the socket is closed (4404), so the client stops trying.
 */
const storeStatusRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/ws/store/:id/status',
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary: 'WebSocket: the live open/closed status of a store',
        description:
          'Upgrade to a WebSocket. The server pushes `{today_hours, local_time, timezone, is_open, pause, closure}` ' +
          '(storeStatusMessageSchema) on connect, on every change and at every minute boundary, or `{error}`. ' +
          'Clients send nothing. An unknown store gets `{error}` and close code 4404.',
      },
    },
    async (socket, request) => {
      const params = storeIdParamsSchema.safeParse(request.params);
      const exists = params.success && (await app.storeStatus.availability(params.data.id).catch(() => undefined));
      if (exists === undefined) {
        // The database is away: say so and let the client retry; it shows the store closed meanwhile.
        socket.send(JSON.stringify({ error: 'The store status cannot be computed right now' }));
        socket.close(1011, 'status unavailable');
        return;
      }
      if (!params.success || !exists) {
        socket.send(JSON.stringify({ error: 'There is no such store' }));
        socket.close(CHANNEL_CLOSE.notFound, 'unknown store');
        return;
      }
      // The connection the request was upgraded on is the WebSocket's: pushes write their frame to it.
      await app.storeStatus.subscribe(params.data.id, socket, request.raw.socket);
    },
  );
};

export default storeStatusRoutes;
