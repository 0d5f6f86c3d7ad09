import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { recordFigures } from './results.ts';

// Catalogue reads from the in-memory cache: the full product list (200, ~46 KB) against a
// revalidation that the client's copy is current (304, no body). Prints rates and their ratio;
// timings depend on the machine, so nothing here passes or fails on speed.

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PATH = '/api/products/?store_id=13';

const server = await buildServer(
  loadConfig({
    LOG_LEVEL: 'error',
    DATA_DIR: 'memory://',
    HOST: '127.0.0.1',
    PORT: process.env.BENCH_PORT ?? '0',
  }),
);

try {
  await server.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
  const { port } = server.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}${PATH}`;

  const first = await fetch(url);
  const body = await first.arrayBuffer();
  const etag = first.headers.get('etag');
  if (first.status !== 200 || !etag) throw new Error(`GET ${PATH} answered ${first.status} without an ETag`);

  const run = (headers: Record<string, string>) =>
    autocannon({
      url,
      headers,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      warmup: { connections: CONNECTIONS, duration: 1 },
    });

  const full = await run({});
  const revalidated = await run({ 'if-none-match': etag });

  const line = (label: string, result: Awaited<ReturnType<typeof run>>) =>
    `${label.padEnd(32)} ${Math.round(result.requests.average).toString().padStart(8)} req/s` +
    `   mean latency ${result.latency.average.toFixed(2)} ms   ${(result.throughput.average / 1e6).toFixed(1)} MB/s`;

  console.log(`GET ${PATH}: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, in-process server on PGlite`);
  console.log(line(`full body (200, ${(body.byteLength / 1024).toFixed(0)} KB)`, full));
  console.log(line('If-None-Match (304, no body)', revalidated));
  const ratio = (revalidated.requests.average / full.requests.average).toFixed(2);
  console.log(`ratio 304 / 200: ${ratio}×`);
  recordFigures('catalogue', [
    { figure: `menu reads from memory, ${CONNECTIONS} connections: 304 / 200 (req/s)`, value: `${ratio}×` },
  ]);

  // Not a timing: a run that measured the wrong thing (errors, other statuses) is no measurement.
  const wrong = [
    full.errors + full.timeouts + full.non2xx,
    revalidated.errors +
      revalidated.timeouts +
      (revalidated['1xx'] + revalidated['2xx'] + revalidated['4xx'] + revalidated['5xx']),
  ];
  if (wrong.some((count) => count > 0)) {
    console.error(`unexpected responses or errors: full ${wrong[0]}, revalidated ${wrong[1]}`);
    process.exitCode = 1;
  }
} finally {
  await server.close();
}
