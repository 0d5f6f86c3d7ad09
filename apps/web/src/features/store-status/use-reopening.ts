import { useTranslation } from 'react-i18next';
import { reopening, zonedTime } from '@pizzeria/domain';
import { useStore } from '../store/index.ts';
import { useStoreStatus } from './store-status-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the restaurant opens again, in words ("Wieder geöffnet morgen ab 11:30."), while it takes no more
 * orders today: closed for the rest of the day or by a closure (issue 15: the customer learned it only
 * at checkout, after typing the address). Null otherwise, or while the week's hours are not known.
 */
export function useReopening(now: () => Date = () => new Date()): string | null {
  const { t, i18n } = useTranslation('storeStatus');
  const status = useStoreStatus((state) => state.status);
  const { data: store } = useStore();
  if (!store || (status.kind !== 'closed_today' && status.kind !== 'closure')) return null;
  const instant = now();
  let next;
  try {
    next = reopening(store.store_hours, instant, store.timezone, status.kind === 'closure' ? status.through : null);
  } catch {
    return null;
  }
  if (!next) return null;
  if (next.daysAhead === 1) return t('reopens_tomorrow', { time: next.time });
  // The calendar date of that day, formatted as a date only (noon UTC of it, read in UTC).
  const today = zonedTime(instant, store.timezone).date;
  const day = new Date(Date.parse(`${today}T12:00:00Z`) + next.daysAhead * DAY_MS);
  const name = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
    weekday: 'long',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  }).format(day);
  return t('reopens_on', { day: name, time: next.time });
}
