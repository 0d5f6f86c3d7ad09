import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF } from './shop.ts';

const serverMain = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

/** A shop server of a journey's own, which the journey may stop and start again (on the same data). */
export interface OwnServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and deletes its data. */
  dispose(): Promise<void>;
  /** Moves the server's clock forward (only with `fakeClock`); timers still run in real time. */
  advanceClock(ms: number): Promise<void>;
}

const fakeClock = fileURLToPath(new URL('./fake-clock.ts', import.meta.url));
const exitWithJourney = fileURLToPath(new URL('./exit-with-journey.ts', import.meta.url));

/** Fails at once when something already listens on `port`: its answers would be taken for this server's. */
async function ensureFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} is taken (a server of an earlier try still running?)`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function waitUntilHealthy(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server on ${origin} did not become healthy within 60 s`);
}

/**
 * Starts the real server on `port` with a PGlite directory of its own (kept across restarts), open
 * around the clock, for journeys about the server going away and coming back. `fakeClock`: its clock
 * can be moved forward (`support/fake-clock.ts`), for journeys about minutes passing. `env`: more
 * configuration (PayPal's, for the payment journeys).
 */
export async function startOwnServer(
  port: number,
  options: { fakeClock?: boolean; env?: Record<string, string> } = {},
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pizzeria-own-'));
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_OPENING_HOURS: 'always',
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    ...options.env,
  };
  // Its own database and no Redis: nothing it does reaches the journeys' shared server.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  let child: ChildProcess | null = null;

  const server: OwnServer = {
    origin,
    async start() {
      await ensureFree(port);
      // An IPC channel to every server: it stops when this worker goes (`exit-with-journey.ts`).
      const preloads = ['--import', exitWithJourney, ...(options.fakeClock ? ['--import', fakeClock] : [])];
      const started = spawn(process.execPath, [...preloads, serverMain], {
        env,
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      child = started;
      await waitUntilHealthy(origin, started);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
    async advanceClock(ms) {
      const running = child;
      if (!options.fakeClock || !running) throw new Error('this server has no fake clock, or is not running');
      await new Promise<void>((resolve) => {
        running.once('message', () => resolve());
        running.send({ type: 'advance-clock', ms });
      });
    },
    async dispose() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
