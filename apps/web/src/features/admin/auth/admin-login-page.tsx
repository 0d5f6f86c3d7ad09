import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { LoginForm } from '../../auth/ui.ts';
import { LanguageSelect } from '../../layout/index.ts';
import { useRestaurantName } from '../../store/index.ts';
import { useStaffLogin } from './api/staff-login.ts';
import { useStaffSession } from './staff-session.ts';
import { useAdminTitle } from '../shell/use-admin-title.ts';

/**
 * `/order-online/admin` ("Admin Login"): staff sign this device in, with the shop's login form
 * sent to the staff door. A refusal shows the server's own message, already in the person's language: a
 * customer account (`not_staff`), too many attempts with the wait, wrong credentials, or a server too
 * busy to check.
 */
export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const restaurantName = useRestaurantName();
  useAdminTitle(t('login.page_title'));
  const [, navigate] = useLocation();
  const login = useStaffLogin();
  const signedIn = useStaffSession((state) => state.account !== null);

  if (signedIn && !login.isPending && !login.isSuccess) return <Redirect to="/home" replace />;

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
          <LoginForm
            login={login}
            invalidCredentials={t('login.invalid_credentials')}
            onSignedIn={() => navigate('/home', { replace: true })}
          />
          <p className="admin-login-aside">
            <a href={import.meta.env.BASE_URL}>{t('login.back_to_shop')}</a>
          </p>
        </section>
      </main>
    </div>
  );
}
