import { clearCart } from '../cart/index.ts';
import { SESSION_KEY, useSessionStore } from './session-store.ts';

/** Logs out (SPEC §4): forgets the session and the cart, then reloads the shop's home. */
export function logout(): void {
  try {
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage unavailable: the in-memory session is cleared below all the same.
  }
  useSessionStore.setState({ user: null, token: null, loading: false });
  clearCart();
  window.location.assign(import.meta.env.BASE_URL);
}
