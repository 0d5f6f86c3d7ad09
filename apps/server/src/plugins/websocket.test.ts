import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendFrame, textFrame } from './websocket.ts';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
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
