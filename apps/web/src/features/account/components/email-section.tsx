import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailChangeRequestSchema, type EmailChangeRequest, type User } from '@pizzeria/domain';
import { FormField, SubmitRow, errorCode, useAccountForm } from '../../auth/ui.ts';
import { failureText } from '../../auth/index.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { DoneNotice } from './notice.tsx';

/**
 * "E-Mail-Adresse": the address and whether its link was opened (with the link again when not), and a
 * change to a new one, which counts only once the link mailed there is opened.
 */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const resend = useResendConfirmation();
  const [changing, setChanging] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <section className="card checkout-section" aria-labelledby="account-email-title">
      <h2 id="account-email-title">{t('email.title')}</h2>
      <p className="account-email">
        <span className="account-email-address">{user.email}</span>{' '}
        <span className={user.email_confirmed ? 'account-badge account-badge-ok' : 'account-badge'}>
          {user.email_confirmed ? t('email.confirmed') : t('email.unconfirmed')}
        </span>
      </p>
      {!user.email_confirmed && (
        <div className="account-stack">
          <p className="checkout-hint">{t('email.unconfirmed_hint')}</p>
          {resend.isSuccess ? (
            <DoneNotice>{resend.data.message}</DoneNotice>
          ) : (
            <button
              type="button"
              className="button button-secondary account-start"
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {resend.isPending ? t('email.resending') : t('email.resend')}
            </button>
          )}
          {resend.isError && (
            <p className="form-error" role="alert">
              {failureText(resend.error, { generic: t('generic_error') })}
            </p>
          )}
        </div>
      )}
      {sentTo && <DoneNotice>{t('email.change_sent', { email: sentTo })}</DoneNotice>}
      {changing ? (
        <ChangeEmailForm
          onCancel={() => setChanging(false)}
          onSent={(email) => {
            setSentTo(email);
            setChanging(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="button button-secondary account-start"
          onClick={() => {
            setSentTo(null);
            setChanging(true);
          }}
        >
          {t('email.change')}
        </button>
      )}
    </section>
  );
}

function ChangeEmailForm({ onCancel, onSent }: { onCancel: () => void; onSent: (email: string) => void }) {
  const { t } = useTranslation('account');
  const change = useChangeEmail();
  const { form, field, checkAndSend } = useAccountForm(emailChangeRequestSchema, { email: '', current_password: '' });

  const send = (input: EmailChangeRequest) =>
    change.mutate(input, {
      onSuccess: () => onSent(input.email),
      onError: (error) => {
        if (errorCode(error) === 'email_taken') {
          form.setError('email', { type: 'server', message: 'register.email_taken' }, { shouldFocus: true });
        }
      },
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    change.reset();
    checkAndSend(event, send);
  };

  const failure = change.isError && errorCode(change.error) !== 'email_taken' ? change.error : null;
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField
        label={t('email.new_email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        {...field('email')}
      />
      <FormField
        label={t('current_password')}
        type="password"
        autoComplete="current-password"
        {...field('current_password')}
      />
      <SubmitRow
        error={failure ? failureText(failure, { generic: t('generic_error') }) : null}
        pending={change.isPending}
        label={t('email.submit')}
        pendingLabel={t('email.submitting')}
      />
      <button type="button" className="button button-secondary button-block" onClick={onCancel}>
        {t('email.cancel')}
      </button>
    </form>
  );
}
