import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut and bring back, to act out a database that
 * is down at start, goes away while running, or hangs behind a dead network.
 */
export interface TcpProxy {
  /** The port clients connect to; it stays reserved for the proxy while it refuses connections. */
  port: number;
  /** Listens and forwards every new connection to the target. */
  forward(): Promise<void>;
  /** Listens and accepts new connections but never answers on them, like a host behind a dead link. */
  blackhole(): Promise<void>;
  /** Drops every open connection and stops listening: new connections are refused, as by a stopped server. */
  cut(): Promise<void>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** A proxy to `target`, refusing connections until `forward()` or `blackhole()` is called. */
export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let mode: 'forward' | 'blackhole' = 'forward';
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'blackhole') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });

  const listen = async () => {
    if (server.listening) return;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  };
  const cut = async () => {
    const closed = server.listening ? new Promise((resolve) => server.close(resolve)) : undefined;
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  return {
    port,
    async forward() {
      mode = 'forward';
      await listen();
    },
    async blackhole() {
      await cut();
      mode = 'blackhole';
      await listen();
    },
    cut,
  };
}
