import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';

export interface WebSocketPluginOptions {
  /** How often every socket is pinged; one that has not answered the last ping by then is dropped. */
  heartbeatMs?: number;
}

/**
 * WebSockets for the realtime channels (issue 4). Clients only ever send a short auth message, so
 * frames are capped small. A heartbeat drops connections that died without a close (a phone that lost
 * its network, a proxy that forgot the socket), so subscriber sets do not fill with ghosts.
 */
export default fp<WebSocketPluginOptions>(
  async (app, options) => {
    await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });

    const alive = new WeakMap<WebSocket, boolean>();
    app.websocketServer.on('connection', (socket: WebSocket) => {
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
    });
    const heartbeat = setInterval(() => {
      for (const socket of app.websocketServer.clients) {
        if (alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      }
    }, options.heartbeatMs ?? 30_000);
    heartbeat.unref();
    app.addHook('onClose', async () => clearInterval(heartbeat));
  },
  { name: 'websocket' },
);

/**
 * Sends a JSON text (as a string, or its UTF-8 bytes when many sockets get the same) unless the socket
 * is closing or its client reads too slowly to keep up.
 */
export function sendText(socket: WebSocket, text: string | Buffer): void {
  if (socket.readyState !== socket.OPEN) return;
  // A client this far behind gets the next state instead; status and orders are state, not a log.
  if (socket.bufferedAmount > 1024 * 1024) return;
  socket.send(text, { binary: false });
}
