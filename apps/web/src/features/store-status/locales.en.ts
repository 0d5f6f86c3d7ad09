import type { Translated } from '../../i18n/define.ts';
import type { storeStatusDe } from './locales.ts';

export const storeStatusEn: Translated<typeof storeStatusDe> = {
  connecting: 'Checking opening hours …',
  open: 'Open now · until {{time}}',
  opens_at: 'Opens at {{time}}',
  closed_today: 'Closed for today',
  closure: 'Closed today: {{reason}}',
  paused: 'Online ordering paused',
  paused_until: 'Online ordering paused until {{time}}',
  paused_auto: 'Online ordering unavailable right now – please call us',
  reconnecting: 'Closed – reconnecting …',
  unavailable: 'Closed – status unavailable right now',
  preorder: 'Pre-ordering for later today is possible while times are free.',
  reopens_tomorrow: 'Open again tomorrow from {{time}}.',
  reopens_on: 'Open again on {{day}} from {{time}}.',
  no_orders_today: 'We are not taking any more orders today.',
  preorder_ahead: 'You can pre-order now.',
};
