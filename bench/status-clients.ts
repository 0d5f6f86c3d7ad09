import { Buffer } from 'node:buffer';
import { WebSocket, type RawData } from 'ws';
import { storeStatusMessageSchema } from '@pizzeria/domain';
import type { FromClients, ToClients } from './status-protocol.ts';

// The subscribers of `status-subscribers.ts`, forked by it so their sockets do not count towards the
// server's memory. Driven over IPC (status-protocol.ts); every message is parsed with the shared schema.

/** A subscriber that has neither opened nor sent its first status by then counts as failed. */
const FIRST_STATUS_TIMEOUT_MS = 15_000;

interface Subscriber {
  socket: WebSocket;
  /** The last round this subscriber got the expected change in. */
  reachedRound: number;
}

interface Round {
  id: number;
  paused: boolean;
  remaining: number;
  firstAt: number | null;
  lastAt: number | null;
  cpu: NodeJS.CpuUsage;
  timer: NodeJS.Timeout;
}

const subscribers: Subscriber[] = [];
let round: Round | null = null;
let closing = false;
const counts = { messages: 0, invalidMessages: 0, socketErrors: 0, lost: 0 };

const now = () => performance.timeOrigin + performance.now();

function send(message: FromClients): void {
  process.send?.(message);
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Parsed = ReturnType<typeof storeStatusMessageSchema.safeParse>;

/**
 * Each text as the shared schema parses it, parsed once per distinct text: a broadcast sends every
 * subscriber the same bytes, and parsing them 20,000 times over made this process, not the server,
 * what the fan-out measured (its CPU per change was twice the server's). Identical texts parse
 * identically, so every message is still checked.
 */
const parsedTexts = new Map<string, Parsed>();
const PARSED_TEXTS_KEPT = 64;

function parseStatus(text: string): Parsed {
  let parsed = parsedTexts.get(text);
  if (parsed === undefined) {
    parsed = storeStatusMessageSchema.safeParse(parseJson(text));
    if (parsedTexts.size >= PARSED_TEXTS_KEPT) parsedTexts.clear();
    parsedTexts.set(text, parsed);
  }
  return parsed;
}

function finishRound(current: Round): void {
  clearTimeout(current.timer);
  round = null;
  const cpu = process.cpuUsage(current.cpu);
  send({
    type: 'reached',
    round: current.id,
    reached: subscribers.length - current.remaining,
    of: subscribers.length,
    firstAt: current.firstAt,
    lastAt: current.lastAt,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
}

/** Opens one subscriber; resolves once its first status arrived, rejects with the reason it did not. */
function subscribe(url: string, localAddress: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      handshakeTimeout: FIRST_STATUS_TIMEOUT_MS,
      perMessageDeflate: false,
      ...(localAddress ? { localAddress } : {}),
    });
    const subscriber: Subscriber = { socket, reachedRound: 0 };
    /** `first`: no status nor failure yet; `open`: the first status came, the subscriber counts. */
    let first = true;
    let open = false;
    const timer = setTimeout(() => {
      socket.terminate();
      fail(new Error('no first status in time'));
    }, FIRST_STATUS_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (first) {
        first = false;
        reject(error);
      }
    };

    socket.on('message', (data) => {
      const at = now();
      counts.messages += 1;
      const text = textOf(data);
      const parsed = parseStatus(text);
      if (!parsed.success) {
        counts.invalidMessages += 1;
        socket.terminate();
        fail(new Error(`not a status: ${text.slice(0, 120)}`));
        return;
      }
      if (first) {
        first = false;
        open = true;
        clearTimeout(timer);
        subscribers.push(subscriber);
        resolve();
        return;
      }
      const current = round;
      if (!current || subscriber.reachedRound === current.id || parsed.data.pause.paused !== current.paused) return;
      subscriber.reachedRound = current.id;
      current.firstAt ??= at;
      current.lastAt = at;
      current.remaining -= 1;
      if (current.remaining === 0) finishRound(current);
    });
    socket.on('error', (error) => {
      counts.socketErrors += 1;
      fail(error);
    });
    socket.on('close', (code) => {
      if (open && !closing) counts.lost += 1;
      fail(new Error(`closed with ${code} before the first status`));
    });
  });
}

async function connect(url: string, count: number, parallel: number, sources: string[]): Promise<void> {
  let started = 0;
  let failed = 0;
  const errors = new Set<string>();
  const worker = async () => {
    while (started < count) {
      const source = sources[started % sources.length];
      started += 1;
      await subscribe(url, source).catch((error: unknown) => {
        failed += 1;
        if (errors.size < 5) errors.add(error instanceof Error ? error.message : String(error));
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  send({ type: 'connected', open: subscribers.length, failed, errors: [...errors] });
}

async function closeAll(): Promise<void> {
  closing = true;
  if (round) clearTimeout(round.timer);
  // The figures are taken: drop the connections without the closing handshake, which for 20,000
  // sockets on a busy machine takes longer than the measurement is worth.
  const closed = subscribers.map(
    ({ socket }) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.terminate();
      }),
  );
  await Promise.all(closed);
  send({ type: 'closed', ...counts });
  process.disconnect?.();
}

process.on('message', (message: ToClients) => {
  switch (message.type) {
    case 'connect':
      void connect(message.url, message.count, message.parallel, message.sources);
      break;
    case 'expect': {
      const current: Round = {
        id: message.round,
        paused: message.paused,
        remaining: subscribers.length,
        firstAt: null,
        lastAt: null,
        cpu: process.cpuUsage(),
        timer: setTimeout(() => finishRound(current), message.timeoutMs),
      };
      round = current;
      send({ type: 'armed', round: message.round });
      break;
    }
    case 'close':
      void closeAll();
      break;
  }
});
// The server side went away (it timed out or crashed): do not linger.
process.on('disconnect', () => {
  if (!closing) process.exit(1);
});
