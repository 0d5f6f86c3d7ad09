import { SESSION_KEY, useSessionStore } from './session-store.ts';

/** Logs out: forgets the session, then reloads the shop's home (the caller forgets the cart first). */
export function logout(): void {
  try {
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage unavailable: the in-memory session is cleared below all the same.
  }
  useSessionStore.setState({ user: null, token: null, loading: false });
  window.location.assign(import.meta.env.BASE_URL);
}
