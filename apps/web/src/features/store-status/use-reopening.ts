import { useTranslation } from 'react-i18next';
import { useStore } from '../store/index.ts';
import { useStoreStatus } from './store-status-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's date ('YYYY-MM-DD') in the store's zone, by the browser's clock. */
function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * When the restaurant opens again, in words ("Wieder geöffnet morgen ab 11:30."), and that the customer
 * may pre-order for that day now when the store takes orders that far ahead, while it takes no more
 * orders today: closed for the rest of the day or by a closure (the customer learned it only
 * at checkout, after typing the address). The server works out the day from the week's hours and every
 * closure (the live status's `reopens`); this only words it, so the first load carries no calendar code.
 */
export function useReopening(): string | null {
  const { t, i18n } = useTranslation('storeStatus');
  const status = useStoreStatus((state) => state.status);
  const { data: store } = useStore();
  if (status.kind !== 'closed_today' && status.kind !== 'closure') return null;
  const { reopens } = status;
  if (!reopens) return null;
  const timeZone = store?.timezone ?? 'Europe/Berlin';
  const reopensOn = Date.parse(`${reopens.date}T12:00:00Z`);
  let today: string;
  try {
    today = todayIn(timeZone, new Date());
  } catch {
    return null;
  }
  const daysAhead = Math.round((reopensOn - Date.parse(`${today}T12:00:00Z`)) / DAY_MS);
  // Within the store's pre-order window the customer need not come back: the checkout takes that day.
  const preorder = store && daysAhead <= store.preorder_days ? ` ${t('preorder_ahead')}` : '';
  if (daysAhead === 1) return t('reopens_tomorrow', { time: reopens.time }) + preorder;
  // The date only: noon UTC of that calendar day, read in UTC.
  const day = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
    weekday: 'long',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(reopensOn));
  return t('reopens_on', { day, time: reopens.time }) + preorder;
}
