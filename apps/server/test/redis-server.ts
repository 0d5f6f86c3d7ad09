import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The `redis-server` binary on PATH, or null: tests that start and stop their own Redis skip without it. */
export const redisServerBinary: string | null =
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((directory) => path.join(directory, 'redis-server'))
    .find((candidate) => existsSync(candidate)) ??
  (existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : null);

/** A Redis of the test's own on a given port, keeping nothing on disk, that the test can kill. */
export interface OwnRedis {
  url: string;
  /** Kills it at once, as a crash or a cut network would, and waits until it is gone. */
  kill(): Promise<void>;
}

/** Starts `redis-server` on `port` (one that nothing listens on) and resolves once it accepts connections. */
export async function startRedis(port: number): Promise<OwnRedis> {
  if (!redisServerBinary) throw new Error('redis-server is not installed');
  const child: ChildProcess = spawn(
    redisServerBinary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready to accept connections/i.test(output)) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.resume();
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resolves once `condition` holds, looking every 50 ms; rejects with `what` after `timeoutMs`. */
export async function eventually(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
