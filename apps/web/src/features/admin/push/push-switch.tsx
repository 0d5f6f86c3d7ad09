import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './register-texts.ts';
import './push.css';
import { Switch } from '../forms/switch.tsx';
import { usePushNotifications } from './use-push-notifications.ts';

/**
 * "Benachrichtigungen: an/aus" for this device: on, it rings for each new order even with the back office's
 * tab closed (a notification from the service worker). Says why when the browser cannot push or the
 * person refused notifications for the shop.
 */
/**
 * `compact` (the board's header): the explanation is read out but shown only when something is wrong,
 * so the header stays one line.
 */
export function PushSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('adminPush');
  const { state, pending, failed, toggle } = usePushNotifications();
  const noteId = useId();
  const on = state === 'on';
  const usable = state === 'on' || state === 'off';
  const problem = failed || state === 'denied';
  const note = failed
    ? t('failed')
    : state === 'unsupported'
      ? t('unsupported')
      : state === 'denied'
        ? t('denied')
        : on
          ? t('on_note')
          : t('off_note');

  return (
    <div className="push-switch">
      <Switch checked={on} describedBy={noteId} disabled={!usable || pending} onToggle={toggle}>
        {on ? t('label_on') : t('label_off')}
      </Switch>
      <p
        id={noteId}
        className={
          problem ? 'push-switch-note push-switch-problem' : compact ? 'push-switch-note sr-only' : 'push-switch-note'
        }
      >
        {note}
      </p>
    </div>
  );
}
