import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api/login.ts';
import type { SignedIn } from '../api/login.ts';
import { failureText } from '../auth-errors.ts';
import { FormField } from './form-field.tsx';

/**
 * Email and password (SPEC §2 login modal and page): sent as entered, no client-side rules (SPEC §5).
 * While it is on its way the button is disabled and says 'Logging in...'; a failure keeps what was
 * typed and says why (SPEC §8).
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (signedIn: SignedIn) => void }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate({ username: email, password }, { onSuccess: onSignedIn });
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField
        label={t('email')}
        type="email"
        name="username"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <FormField
        label={t('password')}
        type="password"
        name="password"
        autoComplete="current-password"
        revealable
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {login.isError ? (
        <p className="form-error" role="alert">
          {failureText(login.error, { generic: t('generic_error'), noMessage: t('login.invalid_credentials') })}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
