import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createFreshDatabase } from '../apps/server/test/fresh-database.ts';
import { writeSection } from './lighthouse-report.ts';
import { recordFigures } from './results.ts';
import { ROOT, startStorefront, type Storefront } from './lighthouse-server.ts';

// Menu reads (`GET /api/products/?store_id=13`) at 50 connections against their ceiling, a
// bare Fastify route in a process of its own answering the same bytes and headers from memory. Each
// measured the same way, alternately, on the same machine: the ratio holds where absolute numbers do
// not. On PostgreSQL (DATABASE_URL: a fresh database is made on it) and on PGlite. Prints a table and
// writes it to docs/BENCHMARKS.md; nothing fails on speed.

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TIMEOUT_SECONDS = Number(process.env.BENCH_TIMEOUT ?? 300);
const PATH = '/api/products/?store_id=13';
const OUTPUT = path.join(ROOT, 'docs/BENCHMARKS.md');
/** The targets, printed beside the figures (docs/BENCHMARKS.md says where they come from). */
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 15;

interface Measured {
  requests: number;
  p50: number;
  p99: number;
}

const cleanups: (() => void)[] = [];
const timeout = setTimeout(() => {
  console.error(`timed out after ${TIMEOUT_SECONDS} s (BENCH_TIMEOUT)`);
  for (const cleanup of cleanups) cleanup();
  process.exit(1);
}, TIMEOUT_SECONDS * 1000);

/** The bare route, answering `body` with `headers`; resolves to its origin. */
async function startCeiling(body: Buffer, headers: Record<string, string>): Promise<{ origin: string; stop(): void }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ceiling-'));
  const bodyFile = path.join(folder, 'body');
  writeFileSync(bodyFile, body);
  const child = fork(path.join(ROOT, 'bench/ceiling-server.ts'), {
    env: { ...process.env, CEILING_BODY_FILE: bodyFile, CEILING_HEADERS: JSON.stringify(headers) },
  });
  const stop = () => {
    child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  };
  cleanups.push(stop);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}

async function load(url: string): Promise<Measured> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    warmup: { connections: CONNECTIONS, duration: 1 },
  });
  // Not a timing: a run that measured the wrong thing is no measurement.
  if (result.errors + result.timeouts + result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return { requests: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The shop's menu and its ceiling, measured alternately `ROUNDS` times; the best round of each. */
async function measure(database: string, env: Record<string, string>) {
  const shop: Storefront = await startStorefront(env);
  cleanups.push(() => shop.kill());
  try {
    const first = await fetch(`${shop.origin}${PATH}`);
    if (first.status !== 200) throw new Error(`GET ${PATH} answered ${first.status}`);
    const body = Buffer.from(await first.arrayBuffer());
    // Every header the shop sent (its security headers too: a client reads them on every answer), but
    // those the ceiling's own HTTP server writes for each response.
    const headers: Record<string, string> = {};
    const perResponse = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    first.headers.forEach((value, name) => {
      if (!perResponse.has(name)) headers[name] = value;
    });
    const ceiling = await startCeiling(body, headers);
    try {
      const shopRuns: Measured[] = [];
      const ceilingRuns: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ceilingRuns.push(await load(`${ceiling.origin}${PATH}`));
        shopRuns.push(await load(`${shop.origin}${PATH}`));
      }
      const best = (runs: Measured[]) => runs.reduce((a, b) => (b.requests > a.requests ? b : a));
      return { database, bytes: body.byteLength, shop: best(shopRuns), ceiling: best(ceilingRuns) };
    } finally {
      ceiling.stop();
    }
  } finally {
    await shop.stop();
  }
}

try {
  const results = [];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const database = await createFreshDatabase(adminUrl);
    try {
      results.push(await measure('PostgreSQL', { DATABASE_URL: database.url() }));
    } finally {
      await database.drop();
    }
  } else {
    console.log('DATABASE_URL unset: PostgreSQL skipped (the target is for PostgreSQL)');
  }
  results.push(await measure('PGlite', {}));

  const rows = results.map(({ database, bytes, shop, ceiling }) => {
    const ratio = shop.requests / ceiling.requests;
    return (
      `| ${database} | ${(bytes / 1024).toFixed(0)} KB | ${Math.round(shop.requests).toLocaleString('en')} | ` +
      `${Math.round(ceiling.requests).toLocaleString('en')} | **${ratio.toFixed(2)}** (≥ ${TARGET_RATIO}) | ` +
      `${shop.p50} / **${shop.p99}** (< ${TARGET_P99_MS}) | ${ceiling.p50} / ${ceiling.p99} |`
    );
  });
  const section = [
    '## Menu reads against their ceiling',
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}) · ` +
      `${CONNECTIONS} connections, ${DURATION_SECONDS} s per run, best of ${ROUNDS} alternating runs · \`npm run menu -w @pizzeria/bench\``,
    '',
    `\`GET ${PATH}\` from the shop's server (a child process, as \`npm start\` runs it) against a bare Fastify route in a child process of its own that answers the same bytes and headers from memory. The load generator shares the machine with both.`,
    '',
    '| database | body | shop req/s | ceiling req/s | ratio (target) | shop p50 / p99 ms (target) | ceiling p50 / p99 ms |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
  console.log(`\n${section}\n`);
  await writeSection(OUTPUT, section, 'menu-reads');
  recordFigures(
    'menu',
    results.flatMap(({ database, shop, ceiling }) => [
      {
        figure: `menu reads, ${database}, ${CONNECTIONS} connections: shop / ceiling (req/s)`,
        value: (shop.requests / ceiling.requests).toFixed(2),
        target: `≥ ${TARGET_RATIO}`,
      },
      { figure: `menu reads, ${database}: p99`, value: `${shop.p99} ms`, target: `< ${TARGET_P99_MS} ms` },
    ]),
  );
  console.log(`written to ${path.relative(ROOT, OUTPUT)}`);
} catch (error) {
  console.error('could not measure:', error);
  process.exitCode = 1;
} finally {
  clearTimeout(timeout);
  for (const cleanup of cleanups) cleanup();
}
