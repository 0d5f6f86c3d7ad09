import './account.css';
import './register-texts.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../session/index.ts';
import { CheckCircleIcon, errorCode } from '../auth/ui.ts';
import { failureText } from '../auth/index.ts';
import { useConfirmEmail } from './api/confirm-email.ts';
import { useResendConfirmation } from './api/resend-confirmation.ts';
import { MessageCard } from './components/message-card.tsx';
import { DoneNotice } from './components/notice.tsx';

/** The server's answer to a link that is unknown, used or expired. */
const INVALID_TOKEN = 'invalid_confirmation_token';

/**
 * `/confirm-email?token=`, opened from a confirmation mail (a new account's, or a changed address's): the
 * token is sent once as the page opens. Success says so (and, signed in here, the account is read
 * again); a used or expired link says how to get a new one.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('confirm.page_title'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { user } = useSession();
  const confirm = useConfirmEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: a link works once, so a second send (React's development double effect) would fail it.
    if (token === '' || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  const invalid = token === '' || (confirm.isError && errorCode(confirm.error) === INVALID_TOKEN);
  return (
    <MessageCard title={t('confirm.title')}>
      {invalid ? (
        <InvalidLink signedIn={user !== null} />
      ) : confirm.isSuccess ? (
        <>
          <CheckCircleIcon className="account-done-icon" />
          <p role="status" className="account-done-text">
            {t('confirm.done')}
          </p>
          <Link href={user ? '/account' : '/login'} className="button button-primary button-block">
            {user ? t('confirm.to_account') : t('confirm.to_login')}
          </Link>
        </>
      ) : confirm.isError ? (
        <div className="account-stack">
          <p className="form-error" role="alert">
            {failureText(confirm.error, { generic: t('generic_error') })}
          </p>
          <Link href="/" className="button button-secondary button-block">
            {t('confirm.to_menu')}
          </Link>
        </div>
      ) : (
        <p role="status" className="account-message-text">
          {t('confirm.working')}
        </p>
      )}
    </MessageCard>
  );
}

function InvalidLink({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('account');
  const resend = useResendConfirmation();
  return (
    <div className="account-stack">
      <p className="form-error" role="alert">
        {t('confirm.invalid')}
      </p>
      {signedIn ? (
        resend.isSuccess ? (
          <DoneNotice>{resend.data.message}</DoneNotice>
        ) : (
          <>
            {resend.isError && (
              <p className="form-error" role="alert">
                {failureText(resend.error, { generic: t('generic_error') })}
              </p>
            )}
            <button
              type="button"
              className="button button-primary button-block"
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {t('confirm.new_link_signed_in')}
            </button>
          </>
        )
      ) : (
        <>
          <p className="account-message-text">{t('confirm.new_link_signed_out')}</p>
          <Link href="/login" className="button button-primary button-block">
            {t('confirm.to_login')}
          </Link>
        </>
      )}
    </div>
  );
}
