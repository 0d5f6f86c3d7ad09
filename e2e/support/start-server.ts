/**
 * Starts the real server for the browser journeys on a database of its own: a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set, else a PGlite directory in the temp folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFreshDatabase } from '../../apps/server/test/fresh-database.ts';
import { LIMITS_OFF } from '../../apps/server/test/limits-off.ts';
import { mailCatcherPort, startMailCatcher } from './mail-catcher.ts';

const serverMain = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  // Journeys place orders at any hour of the day, so the demo restaurant is seeded open around the clock.
  SEED_OPENING_HOURS: 'always',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'e2e-admin-password',
  ...LIMITS_OFF,
};
let cleanup = async () => {};

// The shop's mails go to a real SMTP server kept in memory; journeys read them over HTTP (mail-catcher.ts).
const shopPort = Number(process.env.PORT ?? 3100);
const mailCatcher = await startMailCatcher(mailCatcherPort(shopPort));
env.SMTP_URL = mailCatcher.smtpUrl;
env.PUBLIC_URL ??= `http://127.0.0.1:${shopPort}`;

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const database = await createFreshDatabase(adminUrl);
  env.DATABASE_URL = database.url();
  cleanup = () => database.drop();
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'pizzeria-e2e-'));
  env.DATA_DIR = dir;
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

const child = spawn(process.execPath, [serverMain], { env, stdio: 'inherit' });

/**
 * The journeys share this server and most of them run with no orders board open, so its automatic
 * pause (on by default: no board for 3 minutes pauses online orders) is turned off through the admin
 * API once it answers. The journeys about the pause run their own server (`own-server.ts`).
 */
async function withoutAutomaticPauses(): Promise<void> {
  const origin = `http://127.0.0.1:${shopPort}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const login = await fetch(`${origin}/api/staff/login`, {
    method: 'POST',
    body: new URLSearchParams({
      username: env.ADMIN_EMAIL ?? '',
      password: env.ADMIN_PASSWORD ?? '',
      device_name: 'Playwright setup',
    }),
  });
  if (!login.ok) throw new Error(`the staff sign-in answered HTTP ${login.status}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const url = `${origin}/api/admin/stores/13/board-settings`;
  const settings = (await (await fetch(url, { headers })).json()) as Record<string, unknown>;
  const saved = await fetch(url, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, auto_pause_enabled: false }),
  });
  if (!saved.ok) throw new Error(`could not turn automatic pauses off: HTTP ${saved.status}`);
}
withoutAutomaticPauses().catch((error: unknown) => {
  console.error('The journeys’ server keeps its automatic pause on:', error);
  stop('SIGTERM');
});
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  void Promise.allSettled([cleanup(), mailCatcher.close()]).finally(() => process.exit(code ?? 0));
});
