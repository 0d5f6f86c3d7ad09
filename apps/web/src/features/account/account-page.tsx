import '../../styles/order-pages.css';
import './account.css';
import './register-texts.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect } from 'wouter';
import { LoadingScreen } from '../../lib/loading-screen.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { forgetSession, useSession } from '../session/index.ts';
import { CheckCircleIcon } from '../auth/ui.ts';
import { useMe } from './api/get-me.ts';
import { DataSection } from './components/data-section.tsx';
import { DeleteAccountSection } from './components/delete-account-section.tsx';
import { EmailSection } from './components/email-section.tsx';
import { MessageCard } from './components/message-card.tsx';
import { PasswordSection } from './components/password-section.tsx';
import { ProfileSection } from './components/profile-section.tsx';
import { SessionsSection } from './components/sessions-section.tsx';

// The confirm-email page travels in this chunk (app/router.tsx).
export { default as ConfirmEmailPage } from './confirm-email-page.tsx';

/**
 * `/account`, "Mein Konto" (docs/product/shop.md): signed-in customers only; anyone else logs in first
 * and comes back. Once the account is deleted the page says so, whoever is signed in by then (nobody).
 */
export default function AccountRoute() {
  const { t } = useTranslation('account');
  usePageTitle(t('page_title'));
  const session = useSession();
  const [deleted, setDeleted] = useState<string | null>(null);
  if (deleted !== null) return <AccountDeleted message={deleted} />;
  if (session.loading) return <LoadingScreen variant="page" />;
  if (!session.user) return <Redirect to="/login/account" replace />;
  return <AccountPage onDeleted={setDeleted} />;
}

export function AccountPage({ onDeleted }: { onDeleted: (message: string) => void }) {
  const { t } = useTranslation('account');
  const me = useMe();
  // This device was signed out elsewhere (a password change, "sign out" in the list): log in again.
  const ended = me.error instanceof ApiRequestError && me.error.status === 401;
  useEffect(() => {
    if (ended) forgetSession();
  }, [ended]);
  if (me.isPending || ended) return <LoadingScreen variant="page" />;
  return (
    <div className="container page checkout-page">
      <div className="checkout-narrow account-page">
        <header className="checkout-hero">
          <h1>{t('title')}</h1>
          <p className="checkout-intro">{t('intro')}</p>
        </header>
        {me.isError ? (
          <div className="card checkout-section">
            <p className="form-error" role="alert">
              {t('load_error')}
            </p>
            <button type="button" className="button button-secondary account-start" onClick={() => void me.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <>
            <ProfileSection user={me.data} />
            <EmailSection user={me.data} />
            <PasswordSection />
            <SessionsSection />
            <DataSection />
            <DeleteAccountSection onDeleted={onDeleted} />
          </>
        )}
      </div>
    </div>
  );
}

function AccountDeleted({ message }: { message: string }) {
  const { t } = useTranslation('account');
  return (
    <MessageCard title={t('delete.done_title')}>
      <CheckCircleIcon className="account-done-icon" />
      <p role="status" className="account-done-text">
        {message}
      </p>
      <Link href="/" className="button button-primary button-block">
        {t('delete.to_menu')}
      </Link>
    </MessageCard>
  );
}
