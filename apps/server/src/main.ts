import { loadConfig } from './config.ts';
import { DatabaseStartError, waitForPostgres } from './db/client.ts';
import { unreachableReason } from './db/database-errors.ts';
import { buildServer } from './server.ts';

/** A start failure in one line for the person starting the server: no stack, no secrets. */
function describeStartFailure(error: unknown): string {
  if (error instanceof DatabaseStartError) return error.message;
  const reason = unreachableReason(error);
  if (reason !== undefined) return `lost PostgreSQL while starting (${reason})`;
  return `cannot start: ${oneLine(error instanceof Error ? error.message : String(error))}`;
}

function oneLine(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('; ');
}

const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');

// `npm run backup` asks a running server for a snapshot with SIGUSR2 (its pid is in DATA_DIR's lock). Heard
// from the first moment: the signal's default would end the process, and the lock is taken while it starts.
let snapshotNow: (() => void) | undefined;
let snapshotAsked = false;
process.on('SIGUSR2', () => {
  if (snapshotNow) snapshotNow();
  else snapshotAsked = true;
});

try {
  // `--no-recover`: a damaged DATA_DIR stops the start instead of being recovered (as RECOVER=off).
  const config = loadConfig(process.argv.includes('--no-recover') ? { ...process.env, RECOVER: 'off' } : process.env);
  if (config.DATABASE_URL) {
    const quiet = ['silent', 'fatal', 'error'].includes(config.LOG_LEVEL);
    await waitForPostgres(config.DATABASE_URL, {
      retryMs: config.DATABASE_CONNECT_RETRY_SECONDS * 1000,
      onRetry: (message) => {
        if (!quiet) console.warn(message);
      },
    });
  }
  const server = await buildServer(config);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.log.info({ signal }, 'shutting down');
      void server.close().then(() => process.exit(0));
    });
  }

  snapshotNow = () => void server.snapshots?.takeNow();
  if (snapshotAsked) snapshotNow();

  await server.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  console.error(describeStartFailure(error));
  // A fault in our own code needs its stack: LOG_LEVEL=debug shows it.
  if (verbose && error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
}
