import { fork } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { orderingPauseSchema, storeStatusMessageSchema } from '@pizzeria/domain';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { createFreshDatabase, type FreshDatabase } from '../apps/server/test/fresh-database.ts';
import { createTestUser } from '../apps/server/test/helper.ts';
import { median, writeSection } from './lighthouse-report.ts';
import { recordFigures } from './results.ts';
import { ROOT, startStorefront } from './lighthouse-server.ts';
import { startStatusCeiling } from './status-ceiling.ts';
import { ephemeralPorts, openFiles, raiseFileLimit, sourceAddresses } from './status-limits.ts';
import type { FromClients, ToClients } from './status-protocol.ts';

// Live status: the store status channel under many subscribers on one instance, what each
// open connection costs the server, and how long one change takes to reach the last subscriber, at
// N/10 and at N; then N subscribers on instance B while the change is made on instance A, both on one
// PostgreSQL and one Redis: what the way through Redis adds. The subscribers run in a child process
// (status-clients.ts), so the memory figures are the server's own. Prints a table and writes it to
// docs/BENCHMARKS.md; nothing fails on speed.

const STORE_ID = 13;
const PATH = `/api/ws/store/${STORE_ID}/status`;
const OUTPUT = path.join(ROOT, 'docs/BENCHMARKS.md');
const MAX_SUBSCRIBERS = 20_000;
/** The targets, printed beside the figures (docs/BENCHMARKS.md says where they come from). */
const TARGET_KB_PER_CONNECTION = 30;
const TARGET_P99_MS = 250;
/** Subscribers connecting at once: a burst the accept backlog takes without refusing. */
const PARALLEL = 100;
/**
 * Descriptors the server's process opens besides the subscribers' after the limits are worked out:
 * two instances' database pools (10 each), Redis (2 each), listening sockets, the subscribers' IPC.
 */
const SPARE_FILES = 64;
/** Local ports kept for whatever else connects meanwhile. */
const SPARE_PORTS = 1_000;
/** A change that has not reached every subscriber by then counts as lost. */
const CHANGE_TIMEOUT_MS = 20_000;

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, not ${raw}`);
  }
  return value;
}

const requested = positiveInteger('BENCH_SUBSCRIBERS', MAX_SUBSCRIBERS);
const CHANGES = positiveInteger('BENCH_CHANGES', 100);
const TIMEOUT_SECONDS = positiveInteger('BENCH_TIMEOUT', 900);
const forcedSources = process.env.BENCH_SOURCE_ADDRESSES ? positiveInteger('BENCH_SOURCE_ADDRESSES', 1) : undefined;
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const REDIS_URL = process.env.REDIS_URL || undefined;

// Both processes hold one descriptor per subscriber; the subscribers' process is forked later and
// inherits this one's limit, and needs fewer others.
const spareFiles = openFiles() + SPARE_FILES;
const { limit: fileLimit, refused } = raiseFileLimit(Math.min(requested, MAX_SUBSCRIBERS) + spareFiles);
const portsPerAddress = ephemeralPorts() - SPARE_PORTS;
const SUBSCRIBERS = Math.min(requested, MAX_SUBSCRIBERS, fileLimit - spareFiles);
const lowered =
  SUBSCRIBERS < requested
    ? `${requested.toLocaleString('en')} asked: the hard file limit is ${fileLimit.toLocaleString('en')}, ` +
      `less ${spareFiles} for the process's other descriptors` +
      (refused ? `, and raising it needs CAP_SYS_RESOURCE` : '')
    : null;
if (refused) console.log(`prlimit could not raise the file limit: ${refused}`);
if (lowered) console.log(`BENCH_SUBSCRIBERS: ${lowered}`);
if (SUBSCRIBERS < 1) throw new Error('no room for a single subscriber: raise `ulimit -Hn`');
const SOURCES = sourceAddresses(SUBSCRIBERS, portsPerAddress, forcedSources);
/** The smaller round first, so the ratio shows whether the push scales linearly. */
const SMALL = Math.floor(SUBSCRIBERS / 10);

const now = () => performance.timeOrigin + performance.now();
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const count = (value: number) => value.toLocaleString('en');
/** Nearest rank: of fewer than 100 values, the 99th percentile is the largest. */
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1] ?? NaN;

interface Memory {
  heapUsed: number;
  external: number;
  rss: number;
}

function memory(): Memory {
  // Without --expose-gc the figures include garbage not yet collected.
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heapUsed, external, rss };
}

const perConnection = (before: Memory, after: Memory, connections: number) => ({
  heapUsed: (after.heapUsed - before.heapUsed) / connections,
  external: (after.external - before.external) / connections,
  rss: (after.rss - before.rss) / connections,
});

interface Fanout {
  name: string;
  subscribers: number;
  /** From the start of the PUT to its answer, to the first and to the last subscriber's message. */
  answeredMs: number[];
  firstMs: number[];
  lastMs: number[];
  /** CPU time of the server's process and of the subscribers' over the same change. */
  serverCpuMs: number[];
  clientsCpuMs: number[];
  /** Changes during which the server also pushed its minute-boundary status to everyone. */
  minuteBoundaries: number;
}

/** The forked subscribers, asked over IPC and answering one message per request; one process per setup. */
function startClients() {
  const child = fork(fileURLToPath(new URL('./status-clients.ts', import.meta.url)), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<FromClients['type'], { resolve(message: FromClients): void; reject(error: Error): void }>();
  let exit: Error | null = null;
  child.on('message', (message: FromClients) => {
    const waiter = waiting.get(message.type);
    waiting.delete(message.type);
    waiter?.resolve(message);
  });
  child.on('exit', (code, signal) => {
    exit = new Error(`the subscribers' process ended (${signal ?? `exit code ${code}`})`);
    for (const waiter of waiting.values()) waiter.reject(exit);
    waiting.clear();
  });

  return {
    /** Subscribers open so far: `connect` opens the difference to the total it is asked for. */
    open: 0,
    /** The next answer of that type; ask before sending what it answers, so it cannot slip past. */
    answer<T extends FromClients['type']>(type: T): Promise<Extract<FromClients, { type: T }>> {
      return new Promise((resolve, reject) => {
        if (exit) return reject(exit);
        waiting.set(type, { resolve: (message) => resolve(message as Extract<FromClients, { type: T }>), reject });
      });
    },
    send(message: ToClients): void {
      child.send(message);
    },
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    kill(): void {
      child.kill();
    },
  };
}
type Clients = ReturnType<typeof startClients>;

let phase = 'starting';
/** Undone on the way out, last first, also when the run times out. */
const cleanups: (() => Promise<unknown>)[] = [];
let clients = null as Clients | null;

// Bounded in time whatever happens: print where it stopped (the figures so far are printed), and go.
const deadline = setTimeout(() => {
  console.error(`timed out after ${TIMEOUT_SECONDS} s while ${phase}; the figures above are all it measured`);
  clients?.kill();
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  void (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  })().finally(() => process.exit(1));
}, TIMEOUT_SECONDS * 1000);

/** One instance of the shop's server, in this process, listening on a free port of 127.0.0.1. */
async function startInstance(env: Record<string, string>, port = 0): Promise<FastifyInstance> {
  const app = await buildServer(loadConfig({ LOG_LEVEL: 'error', HOST: '127.0.0.1', PORT: String(port), ...env }));
  cleanups.push(() => app.close());
  await app.listen({ host: '127.0.0.1', port });
  return app;
}

const originOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const statusUrl = (app: FastifyInstance) => `${originOf(app).replace('http:', 'ws:')}${PATH}`;

/** An admin's `Authorization` header, and the store's pause as the database has it. */
async function signIn(app: FastifyInstance): Promise<{ authorization: string; paused: boolean }> {
  phase = 'signing in an admin and reading the pause';
  const admin = await createTestUser(app, { role: 'admin', name: 'Bench', email: `bench-${Date.now()}@example.com` });
  const { authorization } = admin.headers;
  const availability = await app.inject({
    url: `/api/admin/stores/${STORE_ID}/availability`,
    headers: { authorization },
  });
  if (availability.statusCode !== 200) {
    throw new Error(`GET /api/admin/stores/${STORE_ID}/availability answered ${availability.statusCode}`);
  }
  return { authorization, paused: orderingPauseSchema.parse(availability.json<{ pause: unknown }>().pause).paused };
}

async function connect(to: Clients, url: string, total: number): Promise<void> {
  phase = `connecting ${total} subscribers`;
  const adding = total - to.open;
  const connected = to.answer('connected');
  const startedAt = now();
  to.send({ type: 'connect', url, count: adding, parallel: PARALLEL, sources: SOURCES });
  const result = await connected;
  const seconds = (now() - startedAt) / 1000;
  if (result.failed > 0 || result.open !== total) {
    throw new Error(
      `${result.failed} subscribers failed, ${result.open} of ${total} open: ${result.errors.join('; ')}`,
    );
  }
  to.open = total;
  console.log(
    `connected ${String(total).padStart(6)} subscribers, each past its first status: ${adding} in ` +
      `${seconds.toFixed(1)} s (${Math.round(adding / seconds)} per s)`,
  );
}

/** Closes the subscribers (their process exits); throws when they got something other than statuses. */
async function closeClients(to: Clients): Promise<void> {
  phase = 'closing the subscribers';
  if (!to.running) return;
  const closed = to.answer('closed');
  to.send({ type: 'close' });
  const result = await Promise.race([
    closed,
    new Promise<null>((resolve) => setTimeout(resolve, 30_000, null).unref()),
  ]).catch(() => null);
  if (!result) {
    to.kill();
    throw new Error('the subscribers did not close in time');
  }
  if (result.invalidMessages + result.socketErrors + result.lost > 0) {
    // Not a timing: a run whose subscribers got something else than a status measured the wrong thing.
    throw new Error(
      `of ${result.messages} messages ${result.invalidMessages} were not a status; ` +
        `${result.socketErrors} socket errors, ${result.lost} subscribers closed by the server`,
    );
  }
}

/** Each change's number, for the subscribers to tell one wait from the next. */
let changes = 0;

/** Where a change is made: an instance's origin, over HTTP as staff make it. */
interface Writer {
  name: string;
  origin: string;
}

/**
 * `CHANGES` pause changes made through each writer in turn (alternating, so a busy spell of the
 * machine falls on both alike), each timed until every subscriber of `to` has it; one uncounted
 * change per writer first, so start-up work (compiling, first allocations) stays out of the figures.
 */
async function fanout(to: Clients, writers: Writer[], store: { authorization: string; paused: boolean }) {
  const subscribers = to.open;
  const results: Fanout[] = writers.map(({ name }) => ({
    name,
    subscribers,
    answeredMs: [],
    firstMs: [],
    lastMs: [],
    serverCpuMs: [],
    clientsCpuMs: [],
    minuteBoundaries: 0,
  }));
  const total = (CHANGES + 1) * writers.length;
  for (let change = 0; change < total; change += 1) {
    const index = change % writers.length;
    const writer = writers[index];
    const result = results[index];
    if (!writer || !result) throw new Error('no writer');
    const warmUp = change < writers.length;
    store.paused = !store.paused;
    changes += 1;
    phase = `${warmUp ? 'warming up' : `change ${Math.floor(change / writers.length)} of ${CHANGES}`}, ${writer.name}, ${subscribers} subscribers`;
    const armed = to.answer('armed');
    const reached = to.answer('reached');
    to.send({ type: 'expect', round: changes, paused: store.paused, timeoutMs: CHANGE_TIMEOUT_MS });
    await armed;

    const cpu = process.cpuUsage();
    const startedAt = now();
    const response = await fetch(`${writer.origin}/api/admin/stores/${STORE_ID}/pause`, {
      method: 'PUT',
      headers: { authorization: store.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ paused: store.paused }),
    });
    const body = await response.text();
    const answeredAt = now();
    if (response.status !== 200) {
      throw new Error(`PUT /api/admin/stores/${STORE_ID}/pause answered ${response.status}: ${body}`);
    }
    const { reached: got, of, firstAt, lastAt, cpuMs } = await reached;
    const serverCpu = process.cpuUsage(cpu);
    if (got !== of || firstAt === null || lastAt === null) {
      throw new Error(
        `only ${got} of ${of} subscribers got pause.paused=${store.paused} within ${CHANGE_TIMEOUT_MS} ms`,
      );
    }
    if (warmUp) continue;
    result.answeredMs.push(answeredAt - startedAt);
    result.firstMs.push(firstAt - startedAt);
    result.lastMs.push(lastAt - startedAt);
    result.serverCpuMs.push((serverCpu.user + serverCpu.system) / 1000);
    result.clientsCpuMs.push(cpuMs);
    if (Math.floor(startedAt / 60_000) !== Math.floor(lastAt / 60_000)) result.minuteBoundaries += 1;
  }
  for (const result of results) {
    const last = median(result.lastMs);
    const serverCpu = median(result.serverCpuMs);
    const indent = ' '.repeat(19);
    console.log(
      `fan-out to ${String(subscribers).padStart(6)} (${result.name}): last subscriber min ${ms(Math.min(...result.lastMs))}, ` +
        `median ${ms(last)}, p99 ${ms(p99(result.lastMs))}, max ${ms(Math.max(...result.lastMs))}; first subscriber ` +
        `median ${ms(median(result.firstMs))}; PUT answered median ${ms(median(result.answeredMs))}`,
    );
    console.log(
      `${indent}${ms(last / (subscribers / 1000))} per 1,000 subscribers; delivery ` +
        `${count(Math.round(subscribers / (last / 1000)))} messages/s (one status per subscriber)`,
    );
    console.log(
      `${indent}CPU per change (median): server ${ms(serverCpu)} (${((serverCpu * 1000) / subscribers).toFixed(1)} µs ` +
        `per subscriber), subscribers' process ${ms(median(result.clientsCpuMs))}; ` +
        `${result.minuteBoundaries} of ${CHANGES} changes met the minute-boundary push`,
    );
  }
  return results;
}

async function fanoutFrom(to: Clients, writer: Writer, store: { authorization: string; paused: boolean }) {
  const [result] = await fanout(to, [writer], store);
  if (!result) throw new Error('no fan-out measured');
  return result;
}

interface OneInstance {
  database: string;
  small: Fanout | null;
  full: Fanout;
  /** The same N and changes on the ceiling: a bare `ws` server sending the same status in one loop. */
  ceiling: Fanout;
  all: ReturnType<typeof perConnection>;
  /** Over the last 9/10 only, past start-up costs; null without the small round. */
  rest: ReturnType<typeof perConnection> | null;
}

/** N/10 then N subscribers on one instance, without Redis: memory per connection and fan-out. */
async function oneInstance(database: string, env: Record<string, string>): Promise<OneInstance> {
  phase = `starting one instance on ${database}`;
  const app = await startInstance(env, Number(process.env.BENCH_PORT ?? 0));
  const store = await signIn(app);
  const url = statusUrl(app);
  console.log(
    `WS ${PATH}: ${SUBSCRIBERS} subscribers (a child process, ${PARALLEL} connecting at a time` +
      `${SOURCES.length ? ` from ${SOURCES.length} loopback addresses` : ''}), ${CHANGES} pause changes per round, ` +
      `one in-process server on ${database}, in-process pub/sub`,
  );
  const to = (clients = startClients());
  const before = memory();
  let small: Fanout | null = null;
  let afterSmall: Memory | null = null;
  if (SMALL >= 1 && SMALL < SUBSCRIBERS) {
    await connect(to, url, SMALL);
    afterSmall = memory();
    small = await fanoutFrom(to, { name: 'one instance', origin: originOf(app) }, store);
  }
  await connect(to, url, SUBSCRIBERS);
  phase = 'measuring memory';
  const after = memory();
  const all = perConnection(before, after, SUBSCRIBERS);
  const rest = afterSmall ? perConnection(afterSmall, after, SUBSCRIBERS - SMALL) : null;
  const line = (figures: ReturnType<typeof perConnection>) =>
    `heap ${kb(figures.heapUsed)}, external ${kb(figures.external)}, rss ${kb(figures.rss)}`;
  console.log(`server memory per connection: ${line(all)} (all ${SUBSCRIBERS})`);
  if (rest) console.log(`${' '.repeat(30)}${line(rest)} (the last ${SUBSCRIBERS - SMALL}, past start-up costs)`);
  if (!globalThis.gc) console.log(`${' '.repeat(30)}(no --expose-gc: includes uncollected garbage)`);
  const full = await fanoutFrom(to, { name: 'one instance', origin: originOf(app) }, store);
  if (small) {
    const ratio = (values: (fanout: Fanout) => number[]) => (median(values(full)) / median(values(small))).toFixed(1);
    console.log(
      `ratio ${SUBSCRIBERS} / ${SMALL} subscribers: fan-out ${ratio((round) => round.lastMs)}×, ` +
        `server CPU ${ratio((round) => round.serverCpuMs)}× (${(SUBSCRIBERS / SMALL).toFixed(0)}× is linear; ` +
        `less: fixed costs per change weigh more in the small round)`,
    );
    const marginal = (values: (fanout: Fanout) => number[]) =>
      `${(((median(values(full)) - median(values(small))) * 1000) / (SUBSCRIBERS - SMALL)).toFixed(1)} µs`;
    console.log(
      `each subscriber more adds: fan-out ${marginal((round) => round.lastMs)}, ` +
        `server CPU ${marginal((round) => round.serverCpuMs)} (the difference between the rounds, per subscriber)`,
    );
  }
  await closeClients(to);
  clients = null;
  phase = 'closing the instance';
  const status = storeStatusMessageSchema.parse(await app.storeStatus.message(STORE_ID));
  await app.close();
  cleanups.pop();

  phase = 'starting the ceiling';
  const ceilingServer = await startStatusCeiling(status, {
    status: PATH,
    pause: `/api/admin/stores/${STORE_ID}/pause`,
  });
  cleanups.push(() => ceilingServer.close());
  console.log(`the ceiling: a bare ws server sending the same status to ${SUBSCRIBERS} subscribers in one loop`);
  const toCeiling = (clients = startClients());
  await connect(toCeiling, ceilingServer.url, SUBSCRIBERS);
  const ceiling = await fanoutFrom(
    toCeiling,
    { name: 'ceiling', origin: ceilingServer.origin },
    { authorization: '', paused: status.pause.paused },
  );
  await closeClients(toCeiling);
  clients = null;
  await ceilingServer.close();
  cleanups.pop();
  return { database, small, full, ceiling, all, rest };
}

/**
 * Instances A and B on one database and one Redis; the N subscribers on B, in this process, the
 * changes made on A, a child process as `npm start` runs it, so A's work does not wait for B's pushes.
 */
async function twoInstances(databaseUrl: string, redisUrl: string): Promise<TwoInstances> {
  phase = 'starting instances A and B';
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
  const a = await startStorefront({ ...env, LOG_LEVEL: 'error' });
  cleanups.push(() => a.stop());
  const b = await startInstance(env);
  if (b.pubsub.kind !== 'redis' || !b.pubsub.connected) {
    throw new Error(`instance B is not connected to Redis (${REDIS_URL})`);
  }
  // Both read the token secret from the database they share.
  const store = await signIn(b);
  console.log(
    `two instances on PostgreSQL and Redis: ${SUBSCRIBERS} subscribers on B (this process), the changes on A`,
  );
  const to = (clients = startClients());
  await connect(to, statusUrl(b), SUBSCRIBERS);
  const [other, same] = await fanout(
    to,
    [
      { name: 'change on A', origin: a.origin },
      { name: 'change on B', origin: originOf(b) },
    ],
    store,
  );
  if (!other || !same) throw new Error('no fan-out measured');
  await closeClients(to);
  clients = null;
  phase = 'closing the instances';
  await b.close();
  await a.stop();
  cleanups.splice(-2);
  return { other, same };
}

interface TwoInstances {
  /** Changes made on A, the instance without subscribers: A → Redis → B → subscribers. */
  other: Fanout;
  /** Changes made on B, alternating with those: B → Redis → B → subscribers. */
  same: Fanout;
}

function summary(one: OneInstance, two: TwoInstances | null, skipped: string | null): string {
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const command = [
    DATABASE_URL ? 'DATABASE_URL=postgres://…' : '',
    REDIS_URL ? 'REDIS_URL=redis://…' : '',
    ...['BENCH_SUBSCRIBERS', 'BENCH_CHANGES', 'BENCH_SOURCE_ADDRESSES'].map((name) =>
      process.env[name] ? `${name}=${process.env[name]}` : '',
    ),
    'npm run status -w @pizzeria/bench',
  ]
    .filter(Boolean)
    .join(' ');
  const bold = (text: string) => `**${text}**`;
  const memoryRow = (label: string, figures: ReturnType<typeof perConnection>) =>
    `| ${label} | ${bold(kb(figures.heapUsed))} | ${kb(figures.external)} | ${bold(kb(figures.rss))} | < ${TARGET_KB_PER_CONNECTION} KB |`;
  const f = (value: number) => value.toFixed(1);
  const fanoutRow = (label: string, round: Fanout, target: string) =>
    `| ${label} | ${count(round.subscribers)} | ${f(Math.min(...round.lastMs))} | ${f(median(round.lastMs))} | ` +
    `${target ? bold(f(p99(round.lastMs))) : f(p99(round.lastMs))} | ${f(Math.max(...round.lastMs))} | ` +
    `${f(median(round.firstMs))} | ${f(median(round.serverCpuMs))} | ${round.minuteBoundaries} | ${target} |`;
  /** The ceiling's statistic over the shop's: 1 is as fast as a bare server, less is slower. */
  const ratioOf = (statistic: (values: number[]) => number) =>
    (statistic(one.ceiling.lastMs) / statistic(one.full.lastMs)).toFixed(2);
  const signed = (value: number) => `${value >= 0 ? '+' : '−'}${f(Math.abs(value))}`;
  const rows = [
    ...(one.small ? [fanoutRow(`one instance, N/10`, one.small, '')] : []),
    fanoutRow('one instance', one.full, `p99 < ${TARGET_P99_MS} ms`),
    fanoutRow('ceiling: a bare `ws` server, the same status in one loop', one.ceiling, ''),
    `| **ceiling / one instance** | | ${ratioOf((values) => Math.min(...values))} | **${ratioOf(median)}** | **${ratioOf(p99)}** | ${ratioOf((values) => Math.max(...values))} | | | | reported |`,
  ];
  if (two) {
    rows.push(
      fanoutRow('two instances: change on A, subscribers on B', two.other, ''),
      fanoutRow('two instances: change on B, alternating', two.same, ''),
    );
    type Statistic = (values: number[]) => number;
    const statistics: Statistic[] = [(v) => Math.min(...v), median, p99, (v) => Math.max(...v)];
    /** Each statistic of `from` less that of `reference`, and the first subscriber's and the CPU's medians. */
    const differences = (from: Fanout, reference: Fanout) => [
      ...statistics.map((statistic, index) => {
        const text = signed(statistic(from.lastMs) - statistic(reference.lastMs));
        return index === 1 || index === 2 ? bold(text) : text;
      }),
      signed(median(from.firstMs) - median(reference.firstMs)),
      signed(median(from.serverCpuMs) - median(reference.serverCpuMs)),
    ];
    // Changes on A and on B alternate, so the n-th of each met the same state of the machine.
    const paired = two.other.lastMs.map((value, index) => value - (two.same.lastMs[index] ?? NaN));
    const pairedFirst = two.other.firstMs.map((value, index) => value - (two.same.firstMs[index] ?? NaN));
    rows.push(
      `| ${bold('added by Redis and instance A')} (A − one instance) | | ${differences(two.other, one.full).join(' | ')} | | reported |`,
      `| ${bold('added by instance A')} (A − B, the same changes) | | ${differences(two.other, two.same).join(' | ')} | | reported |`,
      `| the same, pairwise (A − B of each pair) | | ${statistics
        .map((statistic) => signed(statistic(paired)))
        .join(' | ')} | ${signed(median(pairedFirst))} | | | reported |`,
    );
  }
  return [
    '## Live status: WebSocket subscribers',
    '',
    `${stamp} UTC · ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}) · ` +
      `N = ${count(SUBSCRIBERS)} subscribers${lowered ? ` (${lowered})` : ''} · ${CHANGES} pause changes per ` +
      `round after one uncounted · \`${command}\``,
    '',
    `\`WS ${PATH}\`: the subscribers run in a child process, the server in the bench's own. Memory is the ` +
      `server process's after a full garbage collection, before the first subscriber against after all N ` +
      `have their first status, divided by N (and over the last 9/10 only, past start-up costs).`,
    '',
    `| memory per connection (${one.database}) | heap | external | RSS | target |`,
    '| --- | --- | --- | --- | --- |',
    memoryRow(`all ${count(SUBSCRIBERS)}`, one.all),
    ...(one.rest ? [memoryRow(`the last ${count(SUBSCRIBERS - SMALL)}`, one.rest)] : []),
    '',
    `Fan-out: from the start of \`PUT /api/admin/stores/${STORE_ID}/pause\` to the moment the last (and the first) ` +
      `subscriber got the new pause, in ms over ${CHANGES} changes` +
      `${CHANGES < 100 ? ` (p99 of fewer than 100 changes is their max)` : ''}. One instance: on ` +
      `${one.database}, in-process pub/sub. ` +
      (two
        ? 'Two instances: B in the bench process, A in a child process as `npm start` runs it, on that ' +
          'PostgreSQL database and Redis, every subscriber on B; changes made on A (A → Redis → B → ' +
          'subscribers) alternate with changes made on B (B → Redis → B), so both met the same spells of a ' +
          'busy machine. What Redis and a second instance add is A less the one-instance round (same N, ' +
          'measured before: sensitive to the load of the moment); what the second instance alone adds is ' +
          'A less B, also pairwise (each change on A less the change on B just after it).'
        : `Two instances: ${skipped}.`),
    '',
    '| setup | subscribers | min | median | p99 | max | first subscriber, median | server CPU per change, median | changes that met the minute push | target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

let database: FreshDatabase | null = null;
try {
  if (DATABASE_URL) {
    phase = 'making a fresh database';
    const fresh = await createFreshDatabase(DATABASE_URL);
    database = fresh;
    cleanups.push(() => fresh.drop());
  }
  const one = database
    ? await oneInstance('PostgreSQL', { DATABASE_URL: database.url() })
    : await oneInstance('PGlite', { DATA_DIR: 'memory://' });
  let two: TwoInstances | null = null;
  let skipped: string | null = null;
  if (database && REDIS_URL) two = await twoInstances(database.url(), REDIS_URL);
  else {
    skipped = `skipped: it needs ${[DATABASE_URL ? '' : 'DATABASE_URL', REDIS_URL ? '' : 'REDIS_URL'].filter(Boolean).join(' and ')} (PostgreSQL shared by both, and Redis)`;
    console.log(`two instances ${skipped}`);
  }
  const section = summary(one, two, skipped);
  console.log(`\n${section}\n`);
  await writeSection(OUTPUT, section, 'status');
  console.log(`written to ${path.relative(ROOT, OUTPUT)}`);
  const subscribers = count(one.full.subscribers);
  recordFigures('status', [
    {
      figure: `live status, ${subscribers} subscribers: memory per connection (heap / RSS)`,
      value: `${kb(one.all.heapUsed)} / ${kb(one.all.rss)}`,
      target: `< ${TARGET_KB_PER_CONNECTION} KB`,
    },
    {
      figure: `live status, ${subscribers} subscribers: change to the last one, p99 (median)`,
      value: `${p99(one.full.lastMs).toFixed(0)} ms (${median(one.full.lastMs).toFixed(0)} ms)`,
      target: `< ${TARGET_P99_MS} ms`,
    },
    {
      figure: `live status, ${subscribers} subscribers: bare ws ceiling / shop, median (p99)`,
      value: `${(median(one.ceiling.lastMs) / median(one.full.lastMs)).toFixed(2)} (${(p99(one.ceiling.lastMs) / p99(one.full.lastMs)).toFixed(2)})`,
    },
    ...(two
      ? [
          {
            figure: 'live status across two instances through Redis: added to the first subscriber, median',
            value: `${(median(two.other.firstMs) - median(two.same.firstMs)).toFixed(1)} ms`,
          },
        ]
      : []),
  ]);
} catch (error) {
  console.error(`failed while ${phase}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  clients?.kill();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}
