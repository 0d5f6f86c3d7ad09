import { vi } from 'vitest';
import type { StaffRole } from '@pizzeria/domain';
import type { FakeAnswer } from '../auth/test-api.ts';
import { i18n } from '../../i18n/index.ts';
import { STAFF_SESSION_KEY, clearStaffSession, useStaffSession } from './auth/staff-session.ts';

export const STAFF_EMAIL = 'chef@example.com';

/** Tokens as `POST /api/staff/login` and `/refresh` answer them. */
export function staffTokens(access: string, refresh: string) {
  return { access_token: access, token_type: 'bearer' as const, expires_in: 900, refresh_token: refresh };
}

/** The refresh every admin test's first request makes (the stored device has no access token yet). */
export const REFRESH: Record<string, FakeAnswer> = {
  'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
};

/**
 * A device that signed in earlier: its refresh token is stored, no access token in memory yet. The
 * person is an owner unless `role` says otherwise (what `/users/me` said last time).
 */
export function signedInDevice(refreshToken = 'refresh-1', role: StaffRole = 'owner'): void {
  clearStaffSession();
  localStorage.setItem(STAFF_SESSION_KEY, JSON.stringify({ refresh_token: refreshToken, email: STAFF_EMAIL, role }));
  useStaffSession.setState({ account: { email: STAFF_EMAIL, role } });
}

/** `GET /api/users/me` as a member of staff with `role` (the guard reads it when the back office opens). */
export function staffMe(role: StaffRole, name = 'Chef') {
  return {
    id: 1,
    email: STAFF_EMAIL,
    customer_name: name,
    phone: null,
    role: 'admin' as const,
    staff_role: role,
    email_confirmed: true,
  };
}

export function storedRefreshToken(): string | undefined {
  const raw = localStorage.getItem(STAFF_SESSION_KEY);
  return raw ? (JSON.parse(raw) as { refresh_token: string }).refresh_token : undefined;
}

/**
 * `navigator.locks` for jsdom: one holder at a time, in order. `hold()` takes the lock as another tab
 * would and returns the release.
 */
export function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const requested: string[] = [];
  const request = (name: string, task: () => Promise<unknown>) => {
    requested.push(name);
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return {
    requested,
    hold(name: string) {
      let release!: () => void;
      void request(name, () => new Promise<void>((done) => (release = done)));
      return () => release();
    },
    remove() {
      Reflect.deleteProperty(navigator, 'locks');
    },
  };
}

/**
 * Where an admin screen's test starts (in `beforeEach`): this device signed in earlier, German texts,
 * and the console's expected errors (refused requests) kept quiet.
 */
export async function asSignedInStaff(): Promise<void> {
  localStorage.clear();
  signedInDevice();
  await i18n.changeLanguage('de');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}
