import '../auth.css';
import '../register-texts.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useLogin } from '../api/login.ts';
import { nextPagePath } from '../auth-errors.ts';
import { reloadHome } from '../reload-home.ts';
import { CheckCircleIcon } from './auth-icons.tsx';
import { LoginForm } from './login-form.tsx';
import { AuthCard } from './form-field.tsx';

/**
 * `/login/{nextpage?}` (docs/product/shop.md): after logging in the customer goes on to `nextpage`, or, without
 * one, the shop's home is loaded afresh (docs/product/shop.md).
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.page_title'));
  const { nextpage } = useParams<{ nextpage?: string }>();
  const next = nextPagePath(nextpage);
  const passwordChanged = new URLSearchParams(useSearch()).get('reset') === 'done';
  const [, navigate] = useLocation();
  const login = useLogin();
  const registerHref = next ? `/register?next=${encodeURIComponent(next.slice(1))}` : '/register';

  return (
    <AuthCard titleId="login-title" title={t('login.title')} intro={t('login.intro')}>
      {passwordChanged ? (
        <p className="auth-notice" role="status">
          <CheckCircleIcon />
          {t('login.password_changed')}
        </p>
      ) : null}
      <LoginForm
        login={login}
        revealPassword
        onSignedIn={() => (next ? navigate(next, { replace: true }) : reloadHome())}
      />
      <p className="auth-aside">
        <Link href="/forgot-password">{t('login.forgot')}</Link>
      </p>
      <div className="auth-divider">
        <span>{t('login.or')}</span>
      </div>
      <div className="auth-alternatives">
        <p>
          {t('login.no_account')} <Link href={registerHref}>{t('login.register')}</Link>
        </p>
        <p className="auth-guest">
          <Link href="/guest-login" className="button button-secondary button-block">
            {t('login.guest')}
          </Link>
          <span className="auth-field-hint">{t('login.guest_hint')}</span>
        </p>
      </div>
    </AuthCard>
  );
}
