export { useSession } from './use-session.ts';
export { logout } from './logout.ts';
export { restoreSession, saveSession, readSession, type Session, type SessionUser } from './session-store.ts';
