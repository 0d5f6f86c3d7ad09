import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createFreshDatabase } from '../../apps/server/test/fresh-database.ts';
import { LIMITS_OFF } from '../../apps/server/test/limits-off.ts';
import { STAFF } from './shop.ts';

const serverMain = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

/** One of the two shop servers behind the balancer. */
export interface ShopInstance {
  name: string;
  /** `http://127.0.0.1:<port>`, the instance itself, bypassing the balancer. */
  origin: string;
  /** Stops it as a deploy does (SIGTERM: it closes gracefully) or as a crash does (SIGKILL). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** A connection the balancer forwarded: to which instance, and the first request line sent on it. */
export interface Route {
  instance: string;
  /** `GET /api/ws/admin/orders?lang=de HTTP/1.1`; empty until the client has sent something. */
  request: string;
}

/**
 * Two real shop servers on one fresh PostgreSQL database and one Redis, behind a TCP load balancer on
 * one port, so the browser has one origin as behind a real balancer. The balancer sends every new
 * connection to the first instance that accepts it, in the order `a`, `b`: all traffic is on `a` until
 * `a` is stopped, then on `b`.
 */
export interface TwoInstances {
  /** The balancer: `http://127.0.0.1:<port>`. */
  origin: string;
  a: ShopInstance;
  b: ShopInstance;
  /** Every connection the balancer forwarded, in the order they came. */
  routes: Route[];
  /** A query on the shop's database. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Stops both instances and the balancer, and drops the database. */
  dispose(): Promise<void>;
}

/** Waits until the instance answers and hears the other one through Redis (`status: ok`). */
async function waitUntilConnected(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server on ${origin} exited with ${child.exitCode}`);
    const health = await fetch(`${origin}/api/health`).then(
      async (response) => (response.ok ? ((await response.json()) as { status: string }) : null),
      () => null,
    );
    if (health?.status === 'ok') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server on ${origin} did not connect to PostgreSQL and Redis within 60 s`);
}

function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): ShopInstance & { ready: Promise<void> } {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverMain], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    name,
    origin,
    ready: waitUntilConnected(origin, child),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
  };
}

/** The balancer: each new connection goes to the first of `targets` that accepts it, piped both ways. */
async function startBalancer(targets: { name: string; port: number }[]): Promise<{
  port: number;
  routes: Route[];
  close(): Promise<void>;
}> {
  const routes: Route[] = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const forward = (client: net.Socket, candidates: { name: string; port: number }[]) => {
    const [target, ...rest] = candidates;
    if (!target || client.destroyed) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, '127.0.0.1');
    const refused = () => {
      // That instance is down: the next one gets the connection.
      upstream.destroy();
      forward(client, rest);
    };
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      track(upstream);
      const route: Route = { instance: target.name, request: '' };
      routes.push(route);
      client.once('data', (chunk: Buffer) => {
        route.request = chunk.toString('latin1').split('\r\n', 1)[0] ?? '';
      });
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
  };

  const server = net.createServer((client) => {
    track(client);
    forward(client, targets);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the balancer has no port');
  return {
    port: address.port,
    routes,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * Starts the pair on a fresh database of `adminUrl`'s PostgreSQL server (TEST_DATABASE_URL) and on
 * `redisUrl`, open around the clock, with the journeys' staff account and order limits. `ports` are the
 * instances' own: fixed ones below the ephemeral range, since a port found free while the database is
 * created may be an outgoing connection's by the time the instance listens. The balancer's port is any.
 */
export async function startTwoInstances(
  adminUrl: string,
  redisUrl: string,
  ports: [number, number],
): Promise<TwoInstances> {
  const fresh = await createFreshDatabase(adminUrl);

  const [portA, portB] = ports;
  const balancer = await startBalancer([
    { name: 'A', port: portA },
    { name: 'B', port: portB },
  ]);
  const origin = `http://127.0.0.1:${balancer.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: fresh.url(),
    REDIS_URL: redisUrl,
    SEED_OPENING_HOURS: 'always',
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    PUBLIC_URL: origin,
    // Every browser of the journey comes from 127.0.0.1, through the balancer.
    ...LIMITS_OFF,
  };
  // Mails stay in the database's outbox; no data directory: the database is PostgreSQL.
  delete env.SMTP_URL;
  delete env.DATA_DIR;

  const database = new pg.Pool({ connectionString: fresh.url(), max: 2 });
  // Both at once on the empty database, as a deployment starts them: one migrates and seeds, the other waits.
  const a = startInstance('A', portA, env);
  const b = startInstance('B', portB, env);
  const dispose = async () => {
    await Promise.allSettled([a.stop(), b.stop(), balancer.close(), database.end()]);
    await fresh.drop();
  };
  try {
    await Promise.all([a.ready, b.ready]);
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    origin,
    a,
    b,
    routes: balancer.routes,
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      return (await database.query<T>(text, values)).rows;
    },
    dispose,
  };
}
