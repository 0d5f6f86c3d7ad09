import '../register-texts.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { LoginRequest } from '@pizzeria/domain';
import { errorCode, failureText } from '../auth-errors.ts';
import { EmailField, FormField, SubmitRow } from './form-field.tsx';

interface LoginFormProps<Result> {
  /**
   * The login call: the shop's (`useLogin`) or the back office's (`useStaffLogin`). The page holds it,
   * so it can see a login under way.
   */
  login: UseMutationResult<Result, Error, LoginRequest>;
  /** Where the person goes once signed in. */
  onSignedIn: (result: Result) => void;
  /** What a refusal that brings no message of its own says; the shop's 'Invalid credentials' unless given. */
  invalidCredentials?: string;
  /** Adds the button that shows the password as typed. */
  revealPassword?: boolean;
  /** Further fields after the password (the back office's name for the device), held by the page. */
  children?: ReactNode;
}

/**
 * Email and password, for the shop's login page and modal and the back office's "Admin Login": sent as
 * entered and checked only by the server, whose answer says what is wrong. While it is on its way the
 * button is disabled and says 'Logging in...'; a failure keeps what was typed and says why. An address not
 * yet confirmed is refused with the server's word on the mail it sent; the line under it says what to do.
 */
export function LoginForm<Result>({
  login,
  onSignedIn,
  invalidCredentials,
  revealPassword,
  children,
}: LoginFormProps<Result>) {
  const { t } = useTranslation('auth');
  const form = useForm<LoginRequest>({ defaultValues: { username: '', password: '' } });

  const submit = form.handleSubmit((credentials) => {
    if (login.isPending) return;
    login.mutate(credentials, { onSuccess: onSignedIn });
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <EmailField autoComplete="username" {...form.register('username')} />
      <FormField
        label={t('password')}
        type="password"
        autoComplete="current-password"
        revealable={revealPassword}
        {...form.register('password')}
      />
      {children}
      <SubmitRow
        error={
          login.isError ? (
            <>
              {failureText(login.error, {
                generic: t('generic_error'),
                noMessage: invalidCredentials ?? t('login.invalid_credentials'),
              })}
              {errorCode(login.error) === 'email_not_confirmed' ? ` ${t('login.not_confirmed_hint')}` : null}
            </>
          ) : null
        }
        pending={login.isPending}
        label={t('login.submit')}
        pendingLabel={t('login.submitting')}
      />
    </form>
  );
}
