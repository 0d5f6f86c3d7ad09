import { useShallow } from 'zustand/shallow';
import { useSessionStore, type SessionState } from './session-store.ts';

/** `{ user, token, loading }` of the current visitor; authenticated when `user` is set. */
export function useSession(): SessionState {
  return useSessionStore(useShallow(({ user, token, loading }) => ({ user, token, loading })));
}
