export { useSession } from './use-session.ts';
export { forgetSession, logout } from './logout.ts';
export {
  restoreSession,
  saveSession,
  readSession,
  useSessionStore,
  type Session,
  type SessionUser,
} from './session-store.ts';
