import * as z from 'zod/mini';
import { create } from 'zustand';
import {
  apiErrorSchema,
  staffRoleSchema,
  staffTokensSchema,
  userSchema,
  type StaffRole,
  type StaffTokens,
} from '@pizzeria/domain';
import { currentLanguage } from '../../../i18n/index.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { AdminApiError } from '../forms/api-errors.ts';

/** An error body with whatever the server adds to message and code (a 400's issues, a 409's current row). */
const errorBodySchema = z.looseObject(apiErrorSchema.shape);

/**
 * Local storage: the staff device's refresh token (docs/product/back-office.md). It is kept apart from the customer's
 * session (`userData` in session storage), so a tablet stays signed in across restarts; the access token
 * lives only in memory.
 */
export const STAFF_SESSION_KEY = 'staff_session';
/** The lock that lets one tab at a time rotate the refresh token (docs/decisions/009). */
export const STAFF_REFRESH_LOCK = 'staff-refresh';
/** Refresh this long before the access token ends, so a request never leaves with a dying token. */
const REFRESH_MARGIN_MS = 60_000;

const storedStaffSessionSchema = z.object({
  refresh_token: z.string(),
  email: z.string(),
  name: z.optional(z.string()),
  /** The role as `/users/me` last said it; read again on every start, on focus and after a 403. */
  role: z.optional(staffRoleSchema),
});
export type StoredStaffSession = z.infer<typeof storedStaffSessionSchema>;

export interface StaffAccount {
  email: string;
  name?: string;
  /** What this person may do (docs/product/back-office.md); unknown until `/users/me` answered once. */
  role?: StaffRole;
}

/** Who is signed in on this device, for the shell and the guard; null once signed out. */
export const useStaffSession = create<{ account: StaffAccount | null }>()(() => ({ account: accountOf(readStored()) }));

let access: { token: string; expiresAt: number } | null = null;
let refreshing: Promise<string> | null = null;

function readStored(): StoredStaffSession | undefined {
  return readStorage(STAFF_SESSION_KEY, storedStaffSessionSchema);
}

function accountOf(stored: StoredStaffSession | undefined): StaffAccount | null {
  if (!stored) return null;
  return {
    email: stored.email,
    ...(stored.name ? { name: stored.name } : {}),
    ...(stored.role ? { role: stored.role } : {}),
  };
}

function keepTokens(tokens: StaffTokens, account: StaffAccount): void {
  access = { token: tokens.access_token, expiresAt: Date.now() + tokens.expires_in * 1000 };
  writeStorage(STAFF_SESSION_KEY, { refresh_token: tokens.refresh_token, ...account });
}

/** Keeps a fresh sign-in: the refresh token in local storage, the access token in memory. */
export function startStaffSession(tokens: StaffTokens, account: StaffAccount): void {
  keepTokens(tokens, account);
  useStaffSession.setState({ account });
}

/** Forgets this device's staff session (the customer's session is not touched). */
export function clearStaffSession(): void {
  access = null;
  try {
    localStorage.removeItem(STAFF_SESSION_KEY);
  } catch {
    // Storage unavailable (private mode): nothing was kept.
  }
  useStaffSession.setState({ account: null });
}

/** What an admin call sends: JSON, or a file as the raw body with its own type (a picture). */
export interface StaffRequestInit {
  method?: string;
  json?: unknown;
  file?: Blob;
}

/** The session ended elsewhere: the refresh token is no longer any good. */
export class StaffSignedOutError extends ApiRequestError {
  constructor(message = 'Signed out') {
    super(401, 'staff_signed_out', message);
  }
}

/**
 * A JSON call to the API without the customer's token (the shop's `apiRequest` adds it): the staff
 * bearer token is the caller's to give. Errors carry the server's code and localized message. A null
 * schema is for answers without a body (204).
 */
export async function staffFetch<T>(
  path: string,
  schema: z.ZodMiniType<T> | null,
  init: StaffRequestInit & { token?: string } = {},
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  if (init.file) headers.set('Content-Type', init.file.type);
  const response = await fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.file ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorBodySchema.safeParse(payload);
    throw error.success
      ? new AdminApiError(response.status, error.data.code, error.data.message, error.data)
      : new ApiRequestError(response.status, 'http_error', `HTTP ${response.status}`);
  }
  return schema ? schema.parse(payload) : (undefined as T);
}

/** Runs `task` holding the cross-tab lock where the browser has one (all current browsers do). */
function underRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(STAFF_REFRESH_LOCK, task) : task();
}

/**
 * Rotates the refresh token for a new access token. One tab at a time: the server answers the token just
 * exchanged again only for 30 s, and any older token of the device's signs it out (docs/decisions/019),
 * so the token is read from storage only once the lock is held, where another tab may already have put
 * its successor.
 */
function refreshAccess(): Promise<string> {
  refreshing ??= underRefreshLock(async () => {
    const stored = readStored();
    if (!stored) throw new StaffSignedOutError();
    let tokens: StaffTokens;
    try {
      tokens = await staffFetch('/staff/refresh', staffTokensSchema, {
        method: 'POST',
        json: { refresh_token: stored.refresh_token },
      });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        clearStaffSession();
        throw new StaffSignedOutError(error.message);
      }
      throw error;
    }
    keepTokens(tokens, accountOf(stored) ?? { email: stored.email });
    return tokens.access_token;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function accessToken(): Promise<string> {
  if (access && access.expiresAt - Date.now() > REFRESH_MARGIN_MS) return access.token;
  return refreshAccess();
}

/**
 * A valid access token for the board's live channel, which sends it in a message (and again when it
 * changes). `renew`: the server refused the one in memory, so rotate before answering.
 */
export function staffAccessToken({ renew = false }: { renew?: boolean } = {}): Promise<string> {
  if (renew) access = null;
  return accessToken();
}

/**
 * An admin API call with the staff bearer token: refreshed before it ends, and once more when the server
 * answers 401 (revoked or expired early). A refresh refused with 401 signs this device out, which sends
 * the person to the login (the guard).
 */
export async function staffRequest<T>(
  path: string,
  schema: z.ZodMiniType<T> | null,
  init: StaffRequestInit = {},
): Promise<T> {
  const token = await accessToken();
  try {
    return await staffFetch(path, schema, { ...init, token });
  } catch (error) {
    // Refused for the role: an owner may have changed it meanwhile, so the pages shown follow.
    if (error instanceof ApiRequestError && error.status === 403) void refreshStaffAccount();
    if (!(error instanceof ApiRequestError) || error.status !== 401) throw error;
    if (access?.token === token) access = null;
    return staffFetch(path, schema, { ...init, token: await accessToken() });
  }
}

let reading: Promise<void> | null = null;

/**
 * Reads who is signed in here (`GET /api/users/me`: name and role) and keeps it with the session, so the
 * navigation shows what the role may use. A failure keeps what was known: the server decides anyway.
 */
export function refreshStaffAccount(): Promise<void> {
  reading ??= (async () => {
    try {
      const me = await staffRequest('/users/me', userSchema);
      const stored = readStored();
      const current = useStaffSession.getState().account;
      if (!stored || !current || me.staff_role === null) return;
      const account: StaffAccount = { email: current.email, name: me.customer_name, role: me.staff_role };
      writeStorage(STAFF_SESSION_KEY, { ...stored, name: account.name, role: account.role });
      useStaffSession.setState({ account });
    } catch (error) {
      console.error('Could not read the staff account', error);
    }
  })().finally(() => {
    reading = null;
  });
  return reading;
}

/** Signs this device out on the server (its tokens stop at once), then forgets it here either way. */
export async function signOutStaff(): Promise<void> {
  const stored = readStored();
  try {
    if (stored) {
      await staffFetch('/staff/logout', null, { method: 'POST', json: { refresh_token: stored.refresh_token } });
    }
  } catch (error) {
    console.error('Staff sign-out failed on the server', error);
  } finally {
    clearStaffSession();
  }
}

// Another tab signed in or out: follow it, so no tab acts on a session that is gone.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STAFF_SESSION_KEY && event.key !== null) return;
    const account = accountOf(readStored());
    if (!account) access = null;
    const current = useStaffSession.getState().account;
    if (account?.email !== current?.email || account?.role !== current?.role) useStaffSession.setState({ account });
  });
}

/** The signed-in person's role; undefined until `/users/me` has answered on this device once. */
export function useStaffRole(): StaffRole | undefined {
  return useStaffSession((state) => state.account?.role);
}
