import http from 'node:http';

// The closed loop orders.ts drives both the shop and its ceiling with: N workers, each starting its next
// task as soon as its last one finished, as autocannon's connections do. Unlike autocannon it lets the
// tasks in flight at the end finish, so every order sent has its answer, and the database can be held
// to exactly one order per 201.

export interface LoadResult {
  /** Tasks finished per second of the load, the last ones' wait included. */
  perSecond: number;
  /** Milliseconds, of the tasks that did not throw. */
  p50: number;
  p99: number;
  finished: number;
  /** Tasks that threw (no answer, a timeout, a failed transaction). */
  errors: number;
  seconds: number;
}

/** The value at quantile `q` of ascending `sorted` (nearest rank); 0 for none. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/** Runs `task` on `workers` workers for `seconds`, then waits for the ones in flight. */
export async function closedLoop(workers: number, seconds: number, task: () => Promise<void>): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const begun = performance.now();
      try {
        await task();
        latencies.push(performance.now() - begun);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    perSecond: (latencies.length + errors) / elapsed,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    finished: latencies.length + errors,
    errors,
    seconds: elapsed,
  };
}

export interface Answer {
  status: number;
  body: string;
}

/** No answer within this many milliseconds is an error, as in autocannon. */
const REQUEST_TIMEOUT_MS = 10_000;

/** One POST of a JSON body on a connection of `agent`; rejects on a transport error or the timeout. */
export function postJson(
  agent: http.Agent,
  origin: URL,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: 'POST',
        path,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}
