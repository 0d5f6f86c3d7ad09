import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { refreshStaffAccount, useStaffSession } from './staff-session.ts';

/**
 * The admin guard: every back-office page but the login needs a staff session on this device; without
 * one (never signed in, signed out here or elsewhere, refresh refused) the person goes to the login.
 * Who is signed in (name, role) is read again when the back office opens and whenever the window comes
 * back to the front, so a role an owner changed shows in the navigation without signing in again.
 */
// `""` is the nested router's own base: `/order-online/admin`, without a trailing slash.
export function RequireStaff({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const signedIn = useStaffSession((state) => state.account !== null);
  const roleKnown = useStaffSession((state) => state.account?.role !== undefined);
  // A device that signed in before roles existed waits for its role once; a failed read shows the pages anyway.
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    void refreshStaffAccount().finally(() => setAsked(true));
    const onFocus = () => void refreshStaffAccount();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [signedIn]);

  if (!signedIn) return <Redirect to="" replace />;
  if (!roleKnown && !asked)
    return (
      <p className="admin-muted" role="status">
        {t('loading')}
      </p>
    );
  return children;
}
