// The few parts of autocannon 9 the benchmarks use; the package ships no types.
declare module 'autocannon' {
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Request extends RequestParams {
    /** Called before each request is sent; what it returns is sent. */
    setupRequest?: (request: RequestParams) => RequestParams;
  }

  interface Options {
    url: string;
    method?: string;
    body?: string;
    /** Sent in turn on every connection, starting over after the last. */
    requests?: Request[];
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    warmup?: { connections?: number; duration?: number };
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Result {
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** Per second. */
    requests: Histogram & { sent: number };
    /** Milliseconds. */
    latency: Histogram;
    /** Bytes per second. */
    throughput: Histogram;
  }

  /** Runs a load test; without a callback the returned tracker is also a promise of the result. */
  export default function autocannon(options: Options): Promise<Result>;
}
