import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import websocket, { Rotation, sendFrame, textFrame } from './websocket.ts';

let server: Server | undefined;

afterEach(async () => {
  if (!server) return;
  const closing = server;
  closing.closeAllConnections();
  await new Promise((resolve) => closing.close(resolve));
  server = undefined;
});

/** A `ws` server whose first connection is handed over with the socket it was upgraded on. */
async function connected() {
  server = createServer();
  const wss = new WebSocketServer({ server });
  const accepted = new Promise<{ socket: WebSocket; connection: Duplex }>((resolve) =>
    wss.on('connection', (socket, request) => resolve({ socket, connection: request.socket })),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const received: string[] = [];
  client.on('message', (data, isBinary) => received.push(`${isBinary ? 'binary' : 'text'}:${String(data)}`));
  await once(client, 'open');
  return { ...(await accepted), client, received };
}

describe('textFrame and sendFrame', () => {
  it('frames texts of every length encoding the way a WebSocket client reads them, between ws’s own frames', async () => {
    const { socket, connection, client, received } = await connected();
    // 7-bit, 16-bit and 64-bit payload lengths, and their edges.
    const texts = [0, 5, 125, 126, 200, 65_535, 65_536, 70_000].map((length) => 'x'.repeat(length));
    for (const text of texts) {
      sendFrame(socket, connection, textFrame(text));
      socket.send('between', { binary: false });
    }
    sendFrame(socket, connection, textFrame(Buffer.from('{"pizza":"Margherita – groß"}')));
    await expect.poll(() => received.length).toBe(texts.length * 2 + 1);
    expect(received).toEqual([
      ...texts.flatMap((text) => [`text:${text}`, 'text:between']),
      'text:{"pizza":"Margherita – groß"}',
    ]);
    client.close();
  });

  it('writes nothing once the socket is closing', async () => {
    const { socket, connection, client, received } = await connected();
    socket.close();
    sendFrame(socket, connection, textFrame('late'));
    await once(client, 'close');
    expect(received).toEqual([]);
  });
});

describe('Rotation', () => {
  it('takes every item once per round, in groups that differ by one at most', () => {
    const rotation = new Rotation<number>(4);
    for (let item = 0; item < 10; item += 1) rotation.add(item);
    const round = [rotation.next(), rotation.next(), rotation.next(), rotation.next()];
    expect(round.map((group) => group.length).sort()).toEqual([2, 2, 3, 3]);
    expect(round.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The next round takes the same groups in the same order.
    expect([rotation.next(), rotation.next(), rotation.next(), rotation.next()]).toEqual(round);
  });

  it('forgets deleted items, and fills the groups they left first', () => {
    const rotation = new Rotation<string>(3);
    for (const item of ['a', 'b', 'c', 'd', 'e', 'f']) rotation.add(item);
    rotation.delete('a');
    rotation.delete('d');
    rotation.delete('unknown');
    rotation.add('b');
    expect(rotation.size).toBe(4);
    rotation.add('g');
    rotation.add('h');
    const round = [rotation.next(), rotation.next(), rotation.next()];
    expect(round.map((group) => group.length)).toEqual([2, 2, 2]);
    expect(round.flat().sort()).toEqual(['b', 'c', 'e', 'f', 'g', 'h']);
  });

  it('hands out a copy, so a turn may delete its items while going through them', () => {
    const rotation = new Rotation<number>(1);
    for (const item of [1, 2, 3]) rotation.add(item);
    const turn = rotation.next();
    for (const item of turn) rotation.delete(item);
    expect(turn).toEqual([1, 2, 3]);
    expect(rotation.size).toBe(0);
    expect(rotation.next()).toEqual([]);
  });

  it('needs at least one turn', () => {
    expect(() => new Rotation(0)).toThrow(RangeError);
  });
});

describe('heartbeat', () => {
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function listening(options: { heartbeatMs: number; heartbeatTurns: number }) {
    app = Fastify();
    await app.register(websocket, options);
    app.get('/ws', { websocket: true }, () => undefined);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return url.replace('http', 'ws') + '/ws';
  }

  async function client(url: string, answersPings: boolean) {
    const socket = new WebSocket(url, { autoPong: answersPings });
    const pings: number[] = [];
    socket.on('ping', () => pings.push(Date.now()));
    const closed = once(socket, 'close').then(([code]) => Number(code));
    await once(socket, 'open');
    return { socket, pings, closed };
  }

  it('pings every socket in its turn, keeps those that answer, and drops one that does not', async () => {
    // Turns of 60 ms: each socket is pinged every 240 ms, one group of two after another.
    const url = await listening({ heartbeatMs: 240, heartbeatTurns: 4 });
    const answering = await Promise.all(Array.from({ length: 7 }, () => client(url, true)));
    const silent = await client(url, false);
    const started = Date.now();

    // The silent socket is dropped once its second ping comes due unanswered: within two periods.
    const code = await silent.closed;
    expect(code).toBe(1006);
    expect(Date.now() - started).toBeLessThan(2 * 240 + 1_000);
    expect(silent.pings.length).toBeGreaterThanOrEqual(1);

    // Meanwhile every other socket was pinged, and stays open as its pings go on.
    await expect
      .poll(() => Math.min(...answering.map(({ pings }) => pings.length)), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(3);
    for (const { socket } of answering) expect(socket.readyState).toBe(WebSocket.OPEN);
    for (const { socket } of answering) socket.close();
  });

  it('pings a slice each turn, not every socket at once', async () => {
    const url = await listening({ heartbeatMs: 400, heartbeatTurns: 4 });
    const clients = await Promise.all(Array.from({ length: 8 }, () => client(url, true)));
    await expect
      .poll(() => Math.min(...clients.map(({ pings }) => pings.length)), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(1);
    // The sockets' first pings came in four turns of two, 100 ms apart: the first and the last pinged
    // are most of a period apart, where one loop over all of them would ping them within a moment.
    const firsts = clients.map(({ pings }) => pings[0] ?? 0).sort((a, b) => a - b);
    expect((firsts.at(-1) ?? 0) - (firsts[0] ?? 0)).toBeGreaterThanOrEqual(250);
    for (const { socket } of clients) socket.close();
  });
});
