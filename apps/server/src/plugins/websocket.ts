import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';

export interface WebSocketPluginOptions {
  /** How often each socket is pinged; one that has not answered its last ping by then is dropped. */
  heartbeatMs?: number;
  /** In how many turns the sockets are pinged over `heartbeatMs`: a turn pings the sockets of one group. */
  heartbeatTurns?: number;
}

/**
 * Items kept in `turns` groups of nearly the same size, taken one group per turn, round and round. A
 * new item joins the smallest group.
 */
export class Rotation<T> {
  private readonly groups: Set<T>[];
  private readonly groupOf = new Map<T, Set<T>>();
  private turn = 0;

  constructor(turns: number) {
    if (!Number.isInteger(turns) || turns < 1) throw new RangeError(`turns must be a whole number ≥ 1, not ${turns}`);
    this.groups = Array.from({ length: turns }, () => new Set<T>());
  }

  get size(): number {
    return this.groupOf.size;
  }

  add(item: T): void {
    if (this.groupOf.has(item)) return;
    let smallest = this.groups[0] as Set<T>;
    for (const group of this.groups) if (group.size < smallest.size) smallest = group;
    smallest.add(item);
    this.groupOf.set(item, smallest);
  }

  delete(item: T): void {
    this.groupOf.get(item)?.delete(item);
    this.groupOf.delete(item);
  }

  /** The items whose turn it is (a copy: the caller may delete them meanwhile). */
  next(): T[] {
    const group = this.groups[this.turn] as Set<T>;
    this.turn = (this.turn + 1) % this.groups.length;
    return [...group];
  }
}

/** About one heartbeat turn a second. */
const HEARTBEAT_TURN_MS = 1_000;

/**
 * WebSockets for the realtime channels. Clients only ever send a short auth message, so
 * frames are capped small. A heartbeat drops connections that died without a close (a phone that lost
 * its network, a proxy that forgot the socket), so subscriber sets do not fill with ghosts.
 *
 * The heartbeat pings a slice of the sockets each turn, not all of them at once: pinging 20,000 status
 * subscribers in one loop held the event loop for about 300 ms every 30 s, and their 20,000 pongs came
 * back together, so a status change or an order that met it waited (the fan-out's p99 was
 * twice its median).
 */
export default fp<WebSocketPluginOptions>(
  async (app, options) => {
    await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });

    const heartbeatMs = options.heartbeatMs ?? 30_000;
    const turns = options.heartbeatTurns ?? Math.max(1, Math.round(heartbeatMs / HEARTBEAT_TURN_MS));
    const rotation = new Rotation<WebSocket>(turns);
    const alive = new WeakMap<WebSocket, boolean>();
    app.websocketServer.on('connection', (socket: WebSocket) => {
      alive.set(socket, true);
      rotation.add(socket);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('close', () => rotation.delete(socket));
    });
    const heartbeat = setInterval(() => {
      for (const socket of rotation.next()) {
        if (alive.get(socket) === false) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      }
    }, heartbeatMs / turns);
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
 * framing the same message anew for each in `ws`; `ws` writes whole frames synchronously
 * (no compression is negotiated), so these frames never split one of its own.
 */
export function sendFrame(socket: WebSocket, connection: Duplex, frame: Buffer): void {
  if (!mayWrite(socket) || !connection.writable) return;
  connection.write(frame);
}
