import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { UserIcon } from '../../../lib/icons.tsx';
import { useSession } from '../../session/index.ts';
import { AccountName } from './account-name.tsx';

const AccountMenu = lazy(() => import('./account-menu.tsx'));

/** The login link, or the signed-in customer's name opening the account menu. */
export function AccountArea() {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  if (!user) {
    return (
      <Link href="/login" className="header-link">
        <UserIcon />
        <span className="sr-only-mobile">{t('login')}</span>
      </Link>
    );
  }
  return (
    <Suspense
      fallback={
        <span className="header-link account-trigger" aria-hidden="true">
          <AccountName name={user.customer_name} />
        </span>
      }
    >
      <AccountMenu user={user} />
    </Suspense>
  );
}
