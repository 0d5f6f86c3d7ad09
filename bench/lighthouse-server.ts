import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { STORE_ID } from '@pizzeria/domain';

// The storefront as `npm start` runs it: the web app built by Vite, served by the real server
// (apps/server/src/main.ts) in a child process on a fresh PGlite directory seeded with the demo restaurant.

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = path.join(ROOT, 'apps/server/src/main.ts');
/** The web app's build that `npm start` serves (`WEB_DIST` names another). */
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
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

/**
 * Throws unless `dist` is a build the server can serve as it serves its own: the browser's build with
 * the server's (`dist-server/entry-server.js`) beside it, which renders the menu page.
 */
export function checkWebBuild(dist: string): void {
  for (const file of [path.join(dist, 'index.html'), path.join(dist, '..', 'dist-server', 'entry-server.js')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: build the web app there first (npm run build)`);
  }
}

/**
 * The gzip bytes (level 9) of the JavaScript a build loads first, as scripts/size.ts counts them: every
 * script its index.html names, and every module it preloads.
 */
export function firstLoadScriptBytes(dist: string): number {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set(
    [...html.matchAll(/(?:src|href)="\/order-online\/([^"]+\.js)"/g)].map((match) => match[1] ?? ''),
  );
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  return bytes;
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
  /** The account the server made at its start, for the admin API. */
  admin: { email: string; password: string };
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
  const settings: Record<string, string> = {
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
  };
  const admin = { email: settings.ADMIN_EMAIL ?? '', password: settings.ADMIN_PASSWORD ?? '' };
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...inherited, ...settings },
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
    if (healthy) return { origin, admin, stop, kill };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`GET /api/health did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * Turns the store's automatic pause off through the admin API, as the e2e journeys' server does. With no
 * orders board connected, the server pauses online orders after a few minutes (the store feature's README, "Automatic pauses"), and
 * the menu then shows a status the server-rendered page does not have: the runs after that moment would
 * measure another page than the runs before it.
 */
export async function withoutAutomaticPauses({ origin, admin }: Storefront): Promise<void> {
  const login = await fetch(`${origin}/api/staff/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: admin.email, password: admin.password, device_name: 'Lighthouse bench' }),
  });
  if (!login.ok) throw new Error(`the staff sign-in answered HTTP ${login.status}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const url = `${origin}/api/admin/stores/${STORE_ID}/board-settings`;
  const current = await fetch(url, { headers });
  if (!current.ok) throw new Error(`GET board-settings answered HTTP ${current.status}`);
  const saved = await fetch(url, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...((await current.json()) as object), auto_pause_enabled: false }),
  });
  if (!saved.ok) throw new Error(`could not turn automatic pauses off: HTTP ${saved.status}`);
}
