import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { useState } from 'react';
import { DEVICE_LABEL_MAX_LENGTH } from '@pizzeria/domain';
import { FormField, LoginForm } from '../../auth/ui.ts';
import { useStaffLogin } from './api/staff-login.ts';
import { SignedOutFrame } from './signed-out-frame.tsx';
import { rememberedDeviceLabel } from './device-label.ts';
import { useStaffSession } from './staff-session.ts';
import { useAdminTitle } from '../shell/use-admin-title.ts';

/**
 * `/order-online/admin` ("Admin Login"): staff sign this device in, with the shop's login form
 * sent to the staff door, and may name the device ("Küche Tablet") for the devices list; the name given
 * last on this device is offered again. A refusal shows the server's own message, already in the person's language: a
 * customer account (`not_staff`), too many attempts with the wait, wrong credentials, or a server too
 * busy to check.
 */
export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('login.page_title'));
  const [, navigate] = useLocation();
  const [label, setLabel] = useState(rememberedDeviceLabel);
  const login = useStaffLogin(label);
  const signedIn = useStaffSession((state) => state.account !== null);

  if (signedIn && !login.isPending && !login.isSuccess) return <Redirect to="/home" replace />;

  return (
    <SignedOutFrame titleId="admin-login-title" title={t('login.title')} intro={t('login.intro')}>
      <LoginForm
        login={login}
        invalidCredentials={t('login.invalid_credentials')}
        onSignedIn={() => navigate('/home', { replace: true })}
      >
        <FormField
          label={t('login.device_label')}
          hint={t('login.device_label_hint')}
          name="device_label"
          autoComplete="off"
          maxLength={DEVICE_LABEL_MAX_LENGTH}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
      </LoginForm>
      <p className="admin-login-aside">
        <a href={import.meta.env.BASE_URL}>{t('login.back_to_shop')}</a>
      </p>
    </SignedOutFrame>
  );
}
