import { create } from 'zustand';
import * as z from 'zod/mini';
import { setTokenSource } from '../../lib/api-client.ts';
import { sessionStore } from '../../lib/storage.ts';

/** Session storage key of the signed-in customer (docs/product/shop.md). */
export const SESSION_KEY = 'userData';

const userSchema = z.looseObject({
  customer_name: z.string(),
  id: z.optional(z.number()),
  email: z.optional(z.string()),
  phone: z.optional(z.nullable(z.string())),
  role: z.optional(z.string()),
});
export type SessionUser = z.infer<typeof userSchema>;

/**
 * The stored record: the token under `access_token`, else `token`; the user either nested under `user`
 * or as the record itself. Other fields are kept but not read.
 */
const storedSessionSchema = z.looseObject({
  access_token: z.optional(z.nullable(z.string())),
  token: z.optional(z.nullable(z.string())),
  user: z.optional(z.nullable(z.unknown())),
});

export interface Session {
  user: SessionUser | null;
  token: string | null;
}

const EMPTY: Session = { user: null, token: null };

/** Reads `userData`; a missing or unparseable record is an anonymous session (logged, docs/product/shop.md). */
export function readSession(storage: Storage | undefined = sessionStore()): Session {
  let raw: string | null;
  try {
    raw = storage?.getItem(SESSION_KEY) ?? null;
  } catch {
    return EMPTY;
  }
  if (raw === null) return EMPTY;
  let record: z.infer<typeof storedSessionSchema>;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) {
      console.warn(`Ignoring invalid ${SESSION_KEY} in session storage`, parsed.error);
      return EMPTY;
    }
    record = parsed.data;
  } catch (error) {
    console.warn(`Ignoring unparseable ${SESSION_KEY} in session storage`, error);
    return EMPTY;
  }
  const token = record.access_token || record.token || null;
  const user = userSchema.safeParse(record.user ?? record);
  return { user: user.success ? user.data : null, token };
}

export interface SessionState extends Session {
  loading: boolean;
}

/** The signed-in customer, if any: loading until `userData` has been read (docs/product/shop.md). */
export const useSessionStore = create<SessionState>()(() => ({ ...EMPTY, loading: true }));

/** Reads the stored session once at start and lets the API client send its token (docs/product/shop.md). */
export function restoreSession(storage: Storage | undefined = sessionStore()): void {
  useSessionStore.setState({ ...readSession(storage), loading: false });
}

setTokenSource(() => useSessionStore.getState().token ?? undefined);

/** Signs in (used by the login screens): stores the record and makes it the current session. */
export function saveSession(record: { access_token: string; user: SessionUser }): void {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(record));
  } catch (error) {
    console.warn(`Could not save ${SESSION_KEY}`, error);
  }
  useSessionStore.setState({ user: record.user, token: record.access_token, loading: false });
}
