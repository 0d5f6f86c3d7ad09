import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A WebSocket client for tests: every message kept in order, read with `next`. */
export interface TestSocket {
  /**
   * The first unread message that matches, waiting up to `timeoutMs` for it; the unread messages before
   * it are dropped, so a later `next` only sees what came after.
   */
  next(match?: (message: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  /** Every message received so far, read or not, in order. */
  readonly messages: readonly unknown[];
  /** Resolves with the close code and reason once the server (or we) closed it. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  close(): void;
}

/** Listens on a free loopback port (once) and gives the `ws://` base of the server. */
export async function wsBase(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

export async function openSocket(url: string): Promise<TestSocket> {
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  const unread: unknown[] = [];
  const waiting = new Set<() => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as unknown;
    messages.push(message);
    unread.push(message);
    for (const wake of [...waiting]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  return {
    next(match = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const index = unread.findIndex(match);
          if (index === -1) return false;
          const [message] = unread.splice(0, index + 1).slice(-1);
          waiting.delete(wake);
          clearTimeout(timer);
          resolve(message);
          return true;
        };
        const wake = () => void look();
        const timer = setTimeout(() => {
          waiting.delete(wake);
          reject(new Error(`no matching message within ${timeoutMs} ms; unread: ${JSON.stringify(unread)}`));
        }, timeoutMs);
        if (!look()) waiting.add(wake);
      });
    },
    messages,
    closed,
    send(message) {
      socket.send(JSON.stringify(message));
    },
    close() {
      socket.close();
    },
  };
}
