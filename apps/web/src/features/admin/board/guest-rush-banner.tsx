import { useTranslation } from 'react-i18next';
import { usePause } from '../settings/api/availability.ts';
import { useGuestRush } from './api/guest-rush.ts';

/**
 * Warns when unanswered guest orders hold the guests' places of several slots ahead: more guests are now
 * turned away or pushed later. Real orders want answering; a burst of invented ones can be stopped with
 * one tap that pauses online orders (resumed like any pause), for those who may pause (`mayPause`: not
 * the kitchen).
 */
export function GuestRushBanner({ waitingCount, mayPause }: { waitingCount: number; mayPause: boolean }) {
  const { t } = useTranslation('adminBoard');
  const rush = useGuestRush(waitingCount);
  const pause = usePause();
  if (!rush.data?.active) return null;
  return (
    <div className="board-banner" data-kind="rush" role="alert">
      <span>
        {t(mayPause ? 'rush.text' : 'rush.kitchen_text', {
          count: rush.data.waiting_guest_orders,
          slots: rush.data.slots_full_for_guests,
        })}
      </span>
      {!mayPause ? null : pause.isSuccess ? (
        <span>{t('rush.paused')}</span>
      ) : (
        <button
          type="button"
          className="button button-secondary"
          disabled={pause.isPending}
          onClick={() => pause.mutate({ paused: true })}
        >
          {t('rush.pause')}
        </button>
      )}
      {pause.isError ? <span>{t('rush.pause_failed')}</span> : null}
    </div>
  );
}
