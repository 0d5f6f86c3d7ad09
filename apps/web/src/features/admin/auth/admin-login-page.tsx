import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { failureText } from '../../auth/index.ts';
import { LanguageSelect } from '../../layout/index.ts';
import { useRestaurantName } from '../../store/index.ts';
import { TextField } from '../shell/text-field.tsx';
import { useStaffLogin } from './api/staff-login.ts';
import { useStaffSession } from './staff-session.ts';
import { useAdminTitle } from '../shell/use-admin-title.ts';

/**
 * `/order-online/admin` (SPEC §2, "Admin Login"): staff sign this device in. A refusal shows the server's
 * own message, already in the person's language: a customer account (`not_staff`), too many attempts
 * with the wait, wrong credentials, or a server too busy to check.
 */
export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const restaurantName = useRestaurantName();
  useAdminTitle(t('login.page_title'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [, navigate] = useLocation();
  const login = useStaffLogin();
  const signedIn = useStaffSession((state) => state.account !== null);

  if (signedIn && !login.isPending && !login.isSuccess) return <Redirect to="/home" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate({ email, password }, { onSuccess: () => navigate('/home', { replace: true }) });
  };

  return (
    <div className="admin-login">
      <header className="admin-login-bar">
        <span className="admin-login-brand">{restaurantName}</span>
        <LanguageSelect />
      </header>
      <main id="main" className="admin-login-main" tabIndex={-1}>
        <section className="card admin-login-card" aria-labelledby="admin-login-title">
          <header className="admin-login-header">
            <h1 id="admin-login-title">{t('login.title')}</h1>
            <p className="admin-muted">{t('login.intro')}</p>
          </header>
          <form className="admin-form" onSubmit={submit} noValidate>
            <TextField
              label={t('login.email')}
              type="email"
              name="username"
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label={t('login.password')}
              type="password"
              name="password"
              autoComplete="current-password"
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
          <p className="admin-login-aside">
            <a href={import.meta.env.BASE_URL}>{t('login.back_to_shop')}</a>
          </p>
        </section>
      </main>
    </div>
  );
}
