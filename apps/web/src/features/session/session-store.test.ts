import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { apiRequest } from '../../lib/api-client.ts';
import { readSession, restoreSession, SESSION_KEY, useSessionStore } from './session-store.ts';

beforeEach(() => {
  sessionStorage.clear();
  useSessionStore.setState({ user: null, token: null, loading: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function store(record: unknown) {
  sessionStorage.setItem(SESSION_KEY, typeof record === 'string' ? record : JSON.stringify(record));
}

describe('reading the stored session', () => {
  it('is anonymous without a record', () => {
    expect(readSession()).toEqual({ user: null, token: null });
  });

  it('takes the token from access_token first', () => {
    store({ access_token: 'jwt-a', token: 'jwt-b', user: { customer_name: 'Maria Rossi' } });
    expect(readSession()).toEqual({ user: { customer_name: 'Maria Rossi' }, token: 'jwt-a' });
  });

  it('falls back to token when access_token is missing', () => {
    store({ token: 'jwt-b', user: { customer_name: 'Maria Rossi', email: 'maria@example.com' } });
    expect(readSession()).toEqual({
      user: { customer_name: 'Maria Rossi', email: 'maria@example.com' },
      token: 'jwt-b',
    });
  });

  it('accepts a flat record that is the user itself', () => {
    store({ access_token: 'jwt-a', customer_name: 'Luca' });
    expect(readSession().user?.customer_name).toBe('Luca');
  });

  it('ignores and logs a record that cannot be parsed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    store('{"access_token": "jwt-a"');
    expect(readSession()).toEqual({ user: null, token: null });
    store('"just a string"');
    expect(readSession()).toEqual({ user: null, token: null });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('ends loading once the record is read', () => {
    store({ access_token: 'jwt-a', user: { customer_name: 'Maria' } });
    expect(useSessionStore.getState().loading).toBe(true);
    restoreSession();
    expect(useSessionStore.getState()).toMatchObject({
      user: { customer_name: 'Maria' },
      token: 'jwt-a',
      loading: false,
    });
  });
});

describe('requests', () => {
  it('carry the stored token as a bearer credential, and none after a bad record', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    store({ access_token: 'jwt-a', user: { customer_name: 'Maria' } });
    restoreSession();
    await apiRequest('/users/me', z.object({}));
    const first = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(first[1].headers).get('Authorization')).toBe('Bearer jwt-a');

    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    store('not json');
    restoreSession();
    await apiRequest('/users/me', z.object({}));
    const second = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(new Headers(second[1].headers).has('Authorization')).toBe(false);
    vi.unstubAllGlobals();
  });
});
