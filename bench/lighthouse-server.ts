import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

// The storefront as `npm start` runs it: the web app built by Vite, served by the real server
// (apps/server/src/main.ts) in a child process on a fresh PGlite directory seeded with the demo restaurant.

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const BUILD_TIMEOUT_MS = 300_000;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

/** `npm run build` at the root (apps/web/dist); its output is shown only when it fails. */
export async function buildWebApp(): Promise<void> {
  try {
    await promisify(execFile)('npm', ['run', 'build'], {
      cwd: ROOT,
      timeout: BUILD_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    process.stderr.write(`${stdout ?? ''}${stderr ?? ''}`);
    throw new Error('npm run build failed', { cause: error });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Storefront {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its data directory. */
  stop(): Promise<void>;
  /** The same, synchronously and without waiting: for `process.on('exit')`. */
  kill(): void;
}

/**
 * Starts the server and resolves once `GET /api/health` answers 200; `env` adds to or overrides its
 * settings. It runs on PGlite in a fresh directory unless `env` gives a `DATABASE_URL`.
 */
export async function startStorefront(env: Record<string, string> = {}): Promise<Storefront> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pizzeria-lighthouse-'));
  // Its database is the one `env` names, never one the caller's environment happens to hold (the menu
  // bench's PGlite run inherited DATABASE_URL and measured PostgreSQL's `postgres` database twice).
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Open around the clock, so the checkout offers the same times whatever the hour of the run.
      SEED_OPENING_HOURS: 'always',
      // Chosen, so the server does not log a generated admin password.
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      ORDERS_PER_HOUR_PER_CUSTOMER: '1000',
      ORDERS_PER_HOUR_PER_ADDRESS: '1000',
      ...env,
    },
  });
  let exited = child.exitCode !== null;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => (exited = true));

  const kill = () => {
    if (!exited) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) {
      kill();
      throw new Error(`the server exited with ${child.exitCode ?? child.signalCode} before it was healthy`);
    }
    const healthy = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { origin, stop, kill };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`GET /api/health did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
}
