import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { orderingPauseSchema } from '@pizzeria/domain';
import { loadConfig } from '../apps/server/src/config.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { buildServer } from '../apps/server/src/server.ts';
import type { FromClients, ToClients } from './status-protocol.ts';

// The store status channel under many subscribers: what each open connection costs the server, and
// how long one change takes to reach the last subscriber, at N/10 and at N subscribers. The
// subscribers run in a child process (status-clients.ts), so the memory figures are the server's own.
// Prints figures and ratios; timings depend on the machine, so nothing here passes or fails on speed.

const STORE_ID = 13;
const PATH = `/api/ws/store/${STORE_ID}/status`;
const MAX_SUBSCRIBERS = 20_000;
/** Subscribers connecting at once: a burst the accept backlog takes without refusing. */
const PARALLEL = 100;
/** File descriptors each process keeps for other things than subscribers (PGlite, stdio, IPC). */
const SPARE_FILES = 256;
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

/** `ulimit -n`, which the child inherits; each process holds one descriptor per subscriber. */
function openFileLimit(): number {
  try {
    const limit = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return limit === 'unlimited' ? Infinity : Number(limit);
  } catch {
    return Infinity;
  }
}

/** The local ports the subscribers' connections can take (Linux; elsewhere unknown). */
function ephemeralPorts(): number {
  try {
    const [low = 0, high = -1] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return high - low + 1;
  } catch {
    return Infinity;
  }
}

const requested = positiveInteger('BENCH_SUBSCRIBERS', 5_000);
const CHANGES = positiveInteger('BENCH_CHANGES', 5);
const TIMEOUT_SECONDS = positiveInteger('BENCH_TIMEOUT', 120);

const files = openFileLimit();
const ports = ephemeralPorts();
const SUBSCRIBERS = Math.min(requested, MAX_SUBSCRIBERS, files - SPARE_FILES, ports - 1_000);
if (SUBSCRIBERS < requested) {
  console.log(
    `BENCH_SUBSCRIBERS=${requested} lowered to ${SUBSCRIBERS}: at most ${MAX_SUBSCRIBERS}, ` +
      `ulimit -n is ${files} (${SPARE_FILES} kept spare), ${ports} ephemeral ports (1000 kept spare)`,
  );
}
if (SUBSCRIBERS < 1) throw new Error('no room for a single subscriber: raise `ulimit -n`');
/** The smaller round first, so the ratio shows whether the push scales linearly. */
const SMALL = Math.floor(SUBSCRIBERS / 10);

const now = () => performance.timeOrigin + performance.now();
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

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

function perConnection(before: Memory, after: Memory, connections: number): string {
  const per = (key: keyof Memory) => kb((after[key] - before[key]) / connections);
  return `heap ${per('heapUsed')}, external ${per('external')}, rss ${per('rss')}`;
}

interface Fanout {
  subscribers: number;
  /** From the start of the PUT to its answer, to the first and to the last subscriber's message. */
  answeredMs: number[];
  firstMs: number[];
  lastMs: number[];
  /** CPU time of the server's process and of the subscribers' over the same change. */
  serverCpuMs: number[];
  clientsCpuMs: number[];
}

/** The forked subscribers, asked over IPC and answering one message per request. */
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

let phase = 'starting the server';
const server = await buildServer(
  loadConfig({
    LOG_LEVEL: 'error',
    DATA_DIR: 'memory://',
    HOST: '127.0.0.1',
    PORT: process.env.BENCH_PORT ?? '0',
  }),
);
const clients = startClients();

// Bounded in time whatever happens: print where it stopped (the figures so far are printed), and go.
const deadline = setTimeout(() => {
  console.error(`timed out after ${TIMEOUT_SECONDS} s while ${phase}; the figures above are all it measured`);
  clients.kill();
  const forceExit = setTimeout(() => process.exit(1), 5_000);
  forceExit.unref();
  void server.close().finally(() => process.exit(1));
}, TIMEOUT_SECONDS * 1000);

/** Subscribers open so far: `connect` opens the difference to the total it is asked for. */
let open = 0;

async function connect(url: string, total: number): Promise<void> {
  phase = `connecting ${total} subscribers`;
  const adding = total - open;
  const connected = clients.answer('connected');
  const startedAt = now();
  clients.send({ type: 'connect', url, count: adding, parallel: PARALLEL });
  const result = await connected;
  const seconds = (now() - startedAt) / 1000;
  if (result.failed > 0 || result.open !== total) {
    throw new Error(
      `${result.failed} subscribers failed, ${result.open} of ${total} open: ${result.errors.join('; ')}`,
    );
  }
  open = total;
  console.log(
    `connected ${String(total).padStart(6)} subscribers, each past its first status: ${adding} in ` +
      `${seconds.toFixed(1)} s (${Math.round(adding / seconds)} per s)`,
  );
}

/** The store's pause as the last change left it; every change turns it round. */
let paused = false;
/** Each change's number, for the subscribers to tell one wait from the next. */
let changes = 0;

/** One uncounted change first, so start-up work (compiling, first allocations) stays out of the figures. */
async function fanout(subscribers: number, authorization: string): Promise<Fanout> {
  const result: Fanout = {
    subscribers,
    answeredMs: [],
    firstMs: [],
    lastMs: [],
    serverCpuMs: [],
    clientsCpuMs: [],
  };
  for (let change = 0; change <= CHANGES; change += 1) {
    paused = !paused;
    changes += 1;
    phase =
      change === 0
        ? `warming up at ${subscribers} subscribers`
        : `change ${change} of ${CHANGES} at ${subscribers} subscribers`;
    const armed = clients.answer('armed');
    const reached = clients.answer('reached');
    clients.send({ type: 'expect', round: changes, paused, timeoutMs: CHANGE_TIMEOUT_MS });
    await armed;

    const cpu = process.cpuUsage();
    const startedAt = now();
    const response = await server.inject({
      method: 'PUT',
      url: `/api/admin/stores/${STORE_ID}/pause`,
      headers: { authorization },
      payload: { paused },
    });
    const answeredAt = now();
    if (response.statusCode !== 200) {
      throw new Error(`PUT /api/admin/stores/${STORE_ID}/pause answered ${response.statusCode}: ${response.body}`);
    }
    const { reached: got, of, firstAt, lastAt, cpuMs } = await reached;
    const serverCpu = process.cpuUsage(cpu);
    if (got !== of || firstAt === null || lastAt === null) {
      throw new Error(`only ${got} of ${of} subscribers got pause.paused=${paused} within ${CHANGE_TIMEOUT_MS} ms`);
    }
    if (change === 0) continue;
    result.answeredMs.push(answeredAt - startedAt);
    result.firstMs.push(firstAt - startedAt);
    result.lastMs.push(lastAt - startedAt);
    result.serverCpuMs.push((serverCpu.user + serverCpu.system) / 1000);
    result.clientsCpuMs.push(cpuMs);
  }
  const last = median(result.lastMs);
  const serverCpu = median(result.serverCpuMs);
  const indent = ' '.repeat(19);
  console.log(
    `fan-out to ${String(subscribers).padStart(6)}: last subscriber min ${ms(Math.min(...result.lastMs))}, ` +
      `median ${ms(last)}, max ${ms(Math.max(...result.lastMs))}; first subscriber median ` +
      `${ms(median(result.firstMs))}; PUT answered median ${ms(median(result.answeredMs))}`,
  );
  console.log(
    `${indent}${ms(last / (subscribers / 1000))} per 1,000 subscribers; delivery ` +
      `${Math.round(subscribers / (last / 1000)).toLocaleString('en')} messages/s (one status per subscriber)`,
  );
  console.log(
    `${indent}CPU per change (median): server ${ms(serverCpu)} (${((serverCpu * 1000) / subscribers).toFixed(1)} µs ` +
      `per subscriber), subscribers' process ${ms(median(result.clientsCpuMs))}`,
  );
  return result;
}

try {
  await server.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
  const { port } = server.server.address() as AddressInfo;
  const url = `ws://127.0.0.1:${port}${PATH}`;

  phase = 'signing in an admin and reading the pause';
  const [admin] = await server.database.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.com`, passwordHash: '!', customerName: 'Bench', role: 'admin' })
    .returning({ id: users.id, sessionVersion: users.sessionVersion });
  if (!admin) throw new Error('could not create the admin');
  const token = await server.auth.issueToken({ id: admin.id, role: 'admin', sessionVersion: admin.sessionVersion });
  const authorization = `Bearer ${token}`;
  const availability = await server.inject({
    url: `/api/admin/stores/${STORE_ID}/availability`,
    headers: { authorization },
  });
  if (availability.statusCode !== 200) {
    throw new Error(`GET /api/admin/stores/${STORE_ID}/availability answered ${availability.statusCode}`);
  }
  paused = orderingPauseSchema.parse(availability.json<{ pause: unknown }>().pause).paused;

  console.log(
    `WS ${PATH}: ${SUBSCRIBERS} subscribers (a child process, ${PARALLEL} connecting at a time), ` +
      `${CHANGES} pause changes per round, in-process server on PGlite`,
  );
  const before = memory();
  let small: Fanout | null = null;
  let afterSmall: Memory | null = null;
  if (SMALL >= 1 && SMALL < SUBSCRIBERS) {
    await connect(url, SMALL);
    afterSmall = memory();
    small = await fanout(SMALL, authorization);
  }
  await connect(url, SUBSCRIBERS);
  phase = 'measuring memory';
  const after = memory();
  console.log(`server memory per connection: ${perConnection(before, after, SUBSCRIBERS)} (all ${SUBSCRIBERS})`);
  if (afterSmall) {
    console.log(
      `                              ${perConnection(afterSmall, after, SUBSCRIBERS - SMALL)} ` +
        `(the last ${SUBSCRIBERS - SMALL}, past start-up costs)`,
    );
  }
  if (!globalThis.gc) console.log('                              (no --expose-gc: includes uncollected garbage)');
  const full = await fanout(SUBSCRIBERS, authorization);
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
} catch (error) {
  console.error(`failed while ${phase}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  phase = 'closing';
  if (clients.running) {
    const closed = clients.answer('closed');
    clients.send({ type: 'close' });
    const result = await Promise.race([
      closed,
      new Promise<null>((resolve) => setTimeout(resolve, 10_000, null).unref()),
    ]).catch(() => null);
    if (!result) {
      console.error('the subscribers did not close in time');
      clients.kill();
      process.exitCode = 1;
    } else if (result.invalidMessages + result.socketErrors + result.lost > 0) {
      // Not a timing: a run whose subscribers got something else than a status measured the wrong thing.
      console.error(
        `of ${result.messages} messages ${result.invalidMessages} were not a status; ` +
          `${result.socketErrors} socket errors, ${result.lost} subscribers closed by the server`,
      );
      process.exitCode = 1;
    }
  }
  await server.close();
}
