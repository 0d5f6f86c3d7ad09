import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import * as z from 'zod/mini';
import type { StoreStatusMessage } from '@pizzeria/domain';

// The ceiling of a status fan-out: a bare `ws` server on Node's http that holds the same
// status message as the shop and, when a PUT flips its pause, sends it to every socket in one loop. No
// framework, no database, no pub/sub, no batching: what one process can do on this machine at all.

const pauseBodySchema = z.object({ paused: z.boolean() });

export interface StatusCeiling {
  /** `ws://…` of the status channel, at the shop's path. */
  url: string;
  /** `http://…`: `PUT {origin}{pausePath}` with `{paused}` flips the pause and sends it to everyone. */
  origin: string;
  close(): Promise<void>;
}

export async function startStatusCeiling(
  status: StoreStatusMessage,
  paths: { status: string; pause: string },
): Promise<StatusCeiling> {
  let current = status;
  const sockets = new Set<WebSocket>();
  const server = http.createServer((request, response) => {
    if (request.method !== 'PUT' || request.url !== paths.pause) {
      response.writeHead(404).end();
      return;
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const parsed = pauseBodySchema.safeParse(JSON.parse(body));
      if (!parsed.success) {
        response.writeHead(400).end();
        return;
      }
      current = { ...current, pause: { ...current.pause, paused: parsed.data.paused } };
      const text = JSON.stringify(current);
      for (const socket of sockets) socket.send(text);
      response.writeHead(200, { 'content-type': 'application/json' }).end(text);
    });
  });
  const channel = new WebSocketServer({ server, path: paths.status, maxPayload: 16 * 1024 });
  channel.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.send(JSON.stringify(current));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}${paths.status}`,
    origin: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.terminate();
      await new Promise((resolve) => channel.close(resolve));
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
