import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useStaffSession } from './staff-session.ts';

/**
 * The admin guard: every back-office page but the login needs a staff session on this device; without
 * one (never signed in, signed out here or elsewhere, refresh refused) the person goes to the login.
 */
// `""` is the nested router's own base: `/order-online/admin`, without a trailing slash.
export function RequireStaff({ children }: { children: ReactNode }) {
  const signedIn = useStaffSession((state) => state.account !== null);
  return signedIn ? children : <Redirect to="" replace />;
}
