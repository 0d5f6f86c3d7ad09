import { useTranslation } from 'react-i18next';
import type { CustomerSession } from '@pizzeria/domain';
import { clearCart } from '../../cart/index.ts';
import { logout } from '../../session/index.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { useDateTime } from '../use-date-time.ts';

/**
 * "Angemeldete Geräte": where the account is signed in, this device first. Signing out another device
 * ends its session at once; signing out this one is the ordinary logout (the cart goes too).
 */
export function SessionsSection() {
  const { t } = useTranslation('account');
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const dateTime = useDateTime();

  const signOut = (session: CustomerSession) =>
    revoke.mutate(session.id, {
      onSuccess: () => {
        if (!session.current) return;
        clearCart();
        logout();
      },
    });

  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <section className="card checkout-section" aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title">{t('sessions.title')}</h2>
      <p className="checkout-hint">{t('sessions.intro')}</p>
      {sessions.isError ? (
        <div className="account-stack">
          <p className="form-error" role="alert">
            {t('sessions.load_error')}
          </p>
          <button
            type="button"
            className="button button-secondary account-start"
            onClick={() => void sessions.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : sessions.isPending ? null : (
        <ul className="account-devices">
          {list.map((session) => (
            <li key={session.id} className="account-device">
              <div className="account-device-text">
                <span className="account-device-name">
                  {session.device_name}
                  {session.current && (
                    <span className="account-badge account-badge-ok">{t('sessions.this_device')}</span>
                  )}
                </span>
                <span className="checkout-hint">
                  {t('sessions.last_used', { date: dateTime(session.last_used_at) })} ·{' '}
                  {t('sessions.signed_in', { date: dateTime(session.created_at) })}
                </span>
              </div>
              <button
                type="button"
                className="button button-secondary checkout-small-button"
                aria-label={session.current ? undefined : t('sessions.sign_out_label', { device: session.device_name })}
                disabled={revoke.isPending}
                onClick={() => signOut(session)}
              >
                {session.current ? t('sessions.sign_out_this') : t('sessions.sign_out')}
              </button>
            </li>
          ))}
          {list.length === 1 && <li className="checkout-hint">{t('sessions.empty')}</li>}
        </ul>
      )}
      {revoke.isError && (
        <p className="form-error" role="alert">
          {t('sessions.revoke_error')}
        </p>
      )}
    </section>
  );
}
