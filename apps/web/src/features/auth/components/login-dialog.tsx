import '../auth.css';
import '../register-texts.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Dialog } from '@base-ui/react/dialog';
import { CloseIcon } from '../../../lib/icons.tsx';
import { useLogin } from '../api/login.ts';
import { closeLoginDialog, openLoginDialog, useLoginDialog } from '../login-dialog-store.ts';
import { LoginForm } from './login-form.tsx';

/**
 * The login modal (docs/product/shop.md), opened from the cart's checkout when nobody is signed in: continue as a
 * guest, or log in and go on to the checkout; links to register and to a forgotten password.
 */
export default function LoginDialog() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const open = useLoginDialog((state) => state.open);
  const [, navigate] = useLocation();
  const login = useLogin();

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? openLoginDialog() : closeLoginDialog())}>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog-popup auth-dialog">
          <div className="dialog-header">
            <div>
              <Dialog.Title className="dialog-title">{t('dialog.title')}</Dialog.Title>
              <Dialog.Description className="dialog-description">{t('dialog.description')}</Dialog.Description>
            </div>
            <Dialog.Close className="icon-button" aria-label={tCommon('close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="auth-guest">
            <Link href="/guest-login" className="button button-secondary button-block" onClick={closeLoginDialog}>
              {t('dialog.guest')}
            </Link>
            <span className="auth-field-hint">{t('login.guest_hint')}</span>
          </div>
          <div className="auth-divider">
            <span>{t('login.or')}</span>
          </div>
          <h3 className="auth-subtitle">{t('dialog.login_heading')}</h3>
          <LoginForm
            login={login}
            revealPassword
            onSignedIn={() => {
              closeLoginDialog();
              navigate('/checkout');
            }}
          />
          <div className="auth-dialog-links">
            <Link href="/forgot-password" onClick={closeLoginDialog}>
              {t('login.forgot')}
            </Link>
            <span>
              {t('login.no_account')}{' '}
              <Link href="/register?next=checkout" onClick={closeLoginDialog}>
                {t('login.register')}
              </Link>
            </span>
          </div>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
