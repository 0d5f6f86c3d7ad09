import type * as z from 'zod/mini';

/** The browser's local storage; none while the server renders a page (entry-server.tsx). */
export function localStore(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** The browser's session storage; none while the server renders a page. */
export function sessionStore(): Storage | undefined {
  return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
}

/**
 * Local storage through a schema: a value that is missing, unparseable or of the wrong shape reads as
 * `undefined` (and is logged), so a stale or tampered entry never breaks the shop.
 */
export function readStorage<T>(
  key: string,
  schema: z.ZodMiniType<T>,
  storage: Storage | undefined = localStore(),
): T | undefined {
  let raw: string | null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    console.warn(`Ignoring invalid ${key} in storage`, parsed.error);
  } catch (error) {
    console.warn(`Ignoring unparseable ${key} in storage`, error);
  }
  return undefined;
}

export function writeStorage(key: string, value: unknown, storage: Storage | undefined = localStore()): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not save ${key}`, error);
  }
}

export function removeStorage(key: string, storage: Storage | undefined = localStore()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Storage unavailable (private mode): nothing to remove.
  }
}
