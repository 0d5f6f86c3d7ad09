import { SESSION_KEY, useSessionStore } from './session-store.ts';

/** Forgets the session on this device without leaving the page (an account just deleted says so first). */
export function forgetSession(): void {
  try {
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage unavailable: the in-memory session is cleared below all the same.
  }
  useSessionStore.setState({ user: null, token: null, loading: false });
}

/** Logs out: forgets the session, then reloads the shop's home (the caller forgets the cart first). */
export function logout(): void {
  forgetSession();
  window.location.assign(import.meta.env.BASE_URL);
}
