import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface StartedMain {
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr apart. */
  output: { stdout: string; stderr: string };
  /** Resolves once `pattern` appears in stdout or stderr. */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();
let webDist: string | undefined;

/**
 * Starts the server's main as `npm start` does, in a process of its own, with only the environment
 * given (and PATH): no DATABASE_URL unless given, so PGlite in DATA_DIR.
 */
export function startMain(env: Record<string, string>): StartedMain {
  // An empty web app: the static plugin reads every file under its root at start.
  webDist ??= mkdtempSync(path.join(tmpdir(), 'pizzeria-web-'));
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', WEB_DIST: webDist, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output = { stdout: '', stderr: '' };
  const waiters: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = `${output.stdout}\n${output.stderr}`.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
    check();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
    check();
  });
  const exited = once(child, 'exit').then(([code]) => {
    running.delete(child);
    return code as number | null;
  });
  return {
    child,
    output,
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void exited.then(() => reject(new Error(`exited before ${pattern}:\n${output.stdout}\n${output.stderr}`)));
        check();
      }),
  };
}

/** Kills every server this file started that still runs (for `afterEach`). */
export function killRunningMains(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Deletes the empty web app the servers were given (for `afterAll`). */
export function removeWebDist(): void {
  if (webDist) rmSync(webDist, { recursive: true, force: true });
  webDist = undefined;
}
