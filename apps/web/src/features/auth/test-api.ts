import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { useSessionStore } from '../session/index.ts';

/** One answer of the fake API: a JSON body with a status, a thrown network error, or a held promise. */
export type FakeAnswer = { status: number; body?: unknown } | { networkError: true } | { wait: Promise<FakeAnswer> };

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

/**
 * Stubs `fetch` with answers by `METHOD /api/path` (taken in turn when given a list) and records every
 * call, so tests check what was sent as well as what a person sees.
 */
export function fakeApi(answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  const calls: RecordedCall[] = [];
  const queues = new Map(
    Object.entries(answers).map(([key, value]) => [key, Array.isArray(value) ? [...value] : [value]]),
  );
  const respond = async (answer: FakeAnswer): Promise<Response> => {
    if ('wait' in answer) return respond(await answer.wait);
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    calls.push({ method, path, headers: new Headers(init.headers), body: init.body });
    const queue = queues.get(`${method} ${path}`);
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    return respond(answer ?? { status: 404, body: { message: 'not found', code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const TEST_USER = {
  id: 7,
  email: 'maria@example.com',
  customer_name: 'Maria Rossi',
  phone: '030123456',
  role: 'customer',
  staff_role: null,
  email_confirmed: true,
} as const;

/** Answers of a login that works: the token, then the user it belongs to. */
export const LOGIN_OK: Record<string, FakeAnswer> = {
  'POST /api/login': { status: 200, body: { access_token: 'jwt-new', token_type: 'bearer' } },
  'GET /api/users/me': { status: 200, body: TEST_USER },
};

/** A promise the test resolves when it wants the held request to finish. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * The state each test of the account pages starts from: signed out, in German, with the console's
 * errors kept quiet (a refused call logs one); after it, the fake API, spies and mocks' calls go.
 */
export function startEachTestSignedOut(): void {
  beforeEach(async () => {
    sessionStorage.clear();
    useSessionStore.setState({ user: null, token: null, loading: false });
    await i18n.changeLanguage('de');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });
}
