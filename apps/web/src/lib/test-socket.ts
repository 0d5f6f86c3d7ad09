import { setSocketFactory, type SocketLike } from './live-socket.ts';

/** A WebSocket the test plays the server of: open it, push messages, drop it; read what the client sent. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** Messages the client sent, parsed from JSON. */
  readonly sent: unknown[] = [];
  /** How the client closed it, if it did. */
  closedBy: { code: number | undefined } | null = null;

  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.readyState = 3;
    this.closedBy = { code };
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sends a message: JSON unless it is a string already. */
  push(payload: unknown): void {
    const data = typeof payload === 'string' ? payload : JSON.stringify(payload);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The connection ends from the server's side or the network's. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

/** Every socket the code under test opens becomes a `FakeSocket`, kept in `sockets` in order. */
export function installFakeSockets(): { sockets: FakeSocket[]; latest: () => FakeSocket; restore: () => void } {
  const sockets: FakeSocket[] = [];
  const restore = setSocketFactory((url) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  });
  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('No socket was opened');
    return socket;
  };
  return { sockets, latest, restore };
}
