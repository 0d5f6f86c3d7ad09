import type { Duplex } from 'node:stream';
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
  if (!mayWrite(socket)) return;
  socket.send(text, { binary: false });
}

/** A client this far behind gets the next state instead; status and orders are state, not a log. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

function mayWrite(socket: WebSocket): boolean {
  return socket.readyState === socket.OPEN && socket.bufferedAmount <= MAX_BUFFERED_BYTES;
}

/**
 * A JSON text as one whole WebSocket frame (RFC 6455 §5.2: FIN, opcode text, unmasked as a server sends
 * it), made once for every subscriber of a broadcast: `sendFrame` then writes the same bytes to each.
 */
export function textFrame(text: string | Buffer): Buffer {
  const payload = typeof text === 'string' ? Buffer.from(text) : text;
  const length = payload.length;
  let header: Buffer;
  if (length < 126) {
    header = Buffer.from([0x81, length]);
  } else if (length < 65_536) {
    header = Buffer.alloc(4);
    header.writeUInt8(0x81, 0);
    header.writeUInt8(126, 1);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header.writeUInt8(0x81, 0);
    header.writeUInt8(127, 1);
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

/**
 * Writes a frame from `textFrame` straight to the connection under the WebSocket (the upgraded request's
 * socket), on the same terms as `sendText`. A broadcast to 20,000 status subscribers spent half its time
 * framing the same message anew for each in `ws` (issue 14); `ws` writes whole frames synchronously
 * (no compression is negotiated), so these frames never split one of its own.
 */
export function sendFrame(socket: WebSocket, connection: Duplex, frame: Buffer): void {
  if (!mayWrite(socket) || !connection.writable) return;
  connection.write(frame);
}
