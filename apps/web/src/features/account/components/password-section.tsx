import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordChangeSchema, type PasswordChange } from '@pizzeria/domain';
import { FormField, NewPasswordField, SubmitRow, errorCode, useAccountForm } from '../../auth/ui.ts';
import { failureText } from '../../auth/index.ts';
import { useChangePassword } from '../api/change-password.ts';
import { DoneNotice } from './notice.tsx';

/** "Passwort ändern": the current one and a new one; the other devices are signed out, this one goes on. */
export function PasswordSection() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const { form, field, checkAndSend } = useAccountForm(passwordChangeSchema, { current_password: '', password: '' });

  const send = (input: PasswordChange) =>
    change.mutate(input, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (errorCode(error) === 'password_too_common') {
          form.setError('password', { type: 'server', message: 'register.password_too_common' }, { shouldFocus: true });
        }
      },
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    change.reset();
    checkAndSend(event, send);
  };

  const failure = change.isError && errorCode(change.error) !== 'password_too_common' ? change.error : null;
  return (
    <section className="card checkout-section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('password.title')}</h2>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormField
          label={t('current_password')}
          type="password"
          autoComplete="current-password"
          {...field('current_password')}
        />
        <NewPasswordField label={t('password.new_password')} {...field('password')} />
        {change.isSuccess && <DoneNotice>{t('password.changed')}</DoneNotice>}
        <SubmitRow
          error={failure ? failureText(failure, { generic: t('generic_error') }) : null}
          pending={change.isPending}
          label={t('password.submit')}
          pendingLabel={t('password.submitting')}
        />
      </form>
    </section>
  );
}
