import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { fakeApi } from '../../auth/test-api.ts';
import {
  fakeLocks,
  REFRESH,
  signedInDevice,
  STAFF_EMAIL,
  staffMe,
  staffTokens,
  storedRefreshToken,
} from '../test-staff.ts';
import {
  refreshStaffAccount,
  STAFF_REFRESH_LOCK,
  StaffSignedOutError,
  clearStaffSession,
  signOutStaff,
  staffRequest,
  startStaffSession,
  useStaffSession,
} from './staff-session.ts';

/** The role as the store has it now (the hook's value outside React). */
const roleNow = () => useStaffSession.getState().account?.role;

const okSchema = z.object({ ok: z.boolean() });
const CUSTOMER = JSON.stringify({ access_token: 'customer-jwt', user: { customer_name: 'Maria' } });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStorage.setItem('userData', CUSTOMER);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  clearStaffSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('staff API calls', () => {
  it('gets an access token with the stored refresh token and sends it as the bearer', async () => {
    signedInDevice('refresh-1');
    const { calls } = fakeApi({
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-2', 'refresh-2') },
      'GET /api/admin/thing': { status: 200, body: { ok: true } },
    });

    await expect(staffRequest('/admin/thing', okSchema)).resolves.toEqual({ ok: true });
    await staffRequest('/admin/thing', okSchema);

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/staff/refresh',
      'GET /api/admin/thing',
      'GET /api/admin/thing',
    ]);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer access-2');
    expect(storedRefreshToken()).toBe('refresh-2');
    expect(sessionStorage.getItem('userData')).toBe(CUSTOMER);
  });

  it('refreshes before the access token ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    startStaffSession(staffTokens('access-1', 'refresh-1'), { email: STAFF_EMAIL });
    const { calls } = fakeApi({
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-2', 'refresh-2') },
      'GET /api/admin/thing': { status: 200, body: { ok: true } },
    });
    vi.setSystemTime(Date.now() + 14.5 * 60_000);
    await staffRequest('/admin/thing', okSchema);
    vi.useRealTimers();
    expect(calls.map((call) => call.path)).toEqual(['/api/staff/refresh', '/api/admin/thing']);
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer access-2');
  });

  it('refreshes once when the server answers 401, and tries the call again with the new token', async () => {
    startStaffSession(staffTokens('access-1', 'refresh-1'), { email: STAFF_EMAIL });
    const { calls } = fakeApi({
      'GET /api/admin/thing': [
        { status: 401, body: { code: 'session_revoked', message: 'expired' } },
        { status: 200, body: { ok: true } },
      ],
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-2', 'refresh-2') },
    });

    await expect(staffRequest('/admin/thing', okSchema)).resolves.toEqual({ ok: true });
    expect(calls.map((call) => `${call.method} ${call.path} ${call.headers.get('Authorization') ?? ''}`)).toEqual([
      'GET /api/admin/thing Bearer access-1',
      'POST /api/staff/refresh ',
      'GET /api/admin/thing Bearer access-2',
    ]);
  });

  it('does not refresh in a loop when the call is refused again', async () => {
    startStaffSession(staffTokens('access-1', 'refresh-1'), { email: STAFF_EMAIL });
    const { calls } = fakeApi({
      'GET /api/admin/thing': { status: 401, body: { code: 'unauthorized', message: 'no' } },
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-2', 'refresh-2') },
    });
    await expect(staffRequest('/admin/thing', okSchema)).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((call) => call.path === '/api/staff/refresh')).toHaveLength(1);
  });

  it('signs the device out when the refresh is refused, and leaves the customer session alone', async () => {
    signedInDevice('refresh-1');
    fakeApi({
      'POST /api/staff/refresh': {
        status: 401,
        body: { code: 'session_revoked', message: 'Dieses Gerät wurde abgemeldet.' },
      },
    });

    const failure = staffRequest('/admin/thing', okSchema);
    await expect(failure).rejects.toBeInstanceOf(StaffSignedOutError);
    await expect(failure).rejects.toThrow('Dieses Gerät wurde abgemeldet.');
    expect(localStorage.getItem('staff_session')).toBeNull();
    expect(useStaffSession.getState().account).toBeNull();
    expect(sessionStorage.getItem('userData')).toBe(CUSTOMER);
  });

  it('keeps the session when a refresh fails for another reason (offline)', async () => {
    signedInDevice('refresh-1');
    fakeApi({ 'POST /api/staff/refresh': { networkError: true } });
    await expect(staffRequest('/admin/thing', okSchema)).rejects.toThrow('Failed to fetch');
    expect(storedRefreshToken()).toBe('refresh-1');
    expect(useStaffSession.getState().account).toEqual({ email: STAFF_EMAIL, role: 'owner' });
  });

  it('reads the role again after a 403, so the pages shown follow a role the owner changed', async () => {
    signedInDevice('refresh-1', 'manager');
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/staff': { status: 403, body: { code: 'forbidden', message: 'Das darf nur der Inhaber.' } },
      'GET /api/users/me': { status: 200, body: staffMe('kitchen', 'Luca') },
    });
    await expect(staffRequest('/admin/staff', okSchema)).rejects.toThrow('Das darf nur der Inhaber.');
    await waitFor(() => expect(roleNow()).toBe('kitchen'));
    expect(useStaffSession.getState().account).toEqual({ email: STAFF_EMAIL, name: 'Luca', role: 'kitchen' });
    expect(JSON.parse(localStorage.getItem('staff_session') ?? '{}')).toMatchObject({ role: 'kitchen', name: 'Luca' });
    expect(calls.filter((call) => call.path === '/api/users/me')).toHaveLength(1);
  });

  it('keeps the known role when /users/me cannot be read', async () => {
    signedInDevice('refresh-1', 'manager');
    fakeApi({ ...REFRESH, 'GET /api/users/me': { networkError: true } });
    await refreshStaffAccount();
    expect(useStaffSession.getState().account).toEqual({ email: STAFF_EMAIL, role: 'manager' });
  });

  it('shares one refresh between calls made together', async () => {
    signedInDevice('refresh-1');
    const { calls } = fakeApi({
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-2', 'refresh-2') },
      'GET /api/admin/thing': { status: 200, body: { ok: true } },
    });
    await Promise.all([staffRequest('/admin/thing', okSchema), staffRequest('/admin/thing', okSchema)]);
    expect(calls.filter((call) => call.path === '/api/staff/refresh')).toHaveLength(1);
  });
});

describe('refreshing across tabs', () => {
  it('waits for the lock and then uses the refresh token another tab stored meanwhile', async () => {
    const locks = fakeLocks();
    try {
      signedInDevice('refresh-1');
      const { calls } = fakeApi({
        'POST /api/staff/refresh': { status: 200, body: staffTokens('access-3', 'refresh-3') },
        'GET /api/admin/thing': { status: 200, body: { ok: true } },
      });
      // Another tab is refreshing: it holds the lock and will have rotated refresh-1 to refresh-2.
      const releaseOtherTab = locks.hold(STAFF_REFRESH_LOCK);
      const call = staffRequest('/admin/thing', okSchema);
      await Promise.resolve();
      expect(calls).toHaveLength(0);
      localStorage.setItem('staff_session', JSON.stringify({ refresh_token: 'refresh-2', email: STAFF_EMAIL }));
      releaseOtherTab();

      await expect(call).resolves.toEqual({ ok: true });
      expect(locks.requested).toEqual([STAFF_REFRESH_LOCK, STAFF_REFRESH_LOCK]);
      expect(JSON.parse(String(calls[0]?.body))).toEqual({ refresh_token: 'refresh-2' });
      expect(storedRefreshToken()).toBe('refresh-3');
    } finally {
      locks.remove();
    }
  });
});

describe('signing out', () => {
  it('revokes the refresh token on the server, then forgets the session', async () => {
    signedInDevice('refresh-1');
    const { calls } = fakeApi({ 'POST /api/staff/logout': { status: 204 } });
    await signOutStaff();
    expect(calls[0]?.path).toBe('/api/staff/logout');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(localStorage.getItem('staff_session')).toBeNull();
    expect(useStaffSession.getState().account).toBeNull();
    expect(sessionStorage.getItem('userData')).toBe(CUSTOMER);
  });

  it('forgets the session here even when the server cannot be reached', async () => {
    signedInDevice('refresh-1');
    fakeApi({ 'POST /api/staff/logout': { networkError: true } });
    await signOutStaff();
    expect(localStorage.getItem('staff_session')).toBeNull();
  });
});
