import '../store-status.css';
import { useTranslation } from 'react-i18next';
import { useStoreStatus, type StoreStatusView } from '../store-status-store.ts';
import { useReopening } from '../use-reopening.ts';

type Tone = 'open' | 'later' | 'closed' | 'pending';

function toneOf(status: StoreStatusView): Tone {
  switch (status.kind) {
    case 'open':
      return 'open';
    case 'opens_at':
    case 'paused':
      return 'later';
    case 'connecting':
    case 'reconnecting':
      return 'pending';
    default:
      return 'closed';
  }
}

/** Closed now, but a later time today may still be free; the checkout has the last word. */
function mayPreorder(status: StoreStatusView): boolean {
  return status.kind === 'opens_at' || (status.kind === 'paused' && status.until !== null);
}

/**
 * Whether the restaurant takes orders right now (docs/product/times.md), live: a pill beside the restaurant's name,
 * announced politely when it changes. The server renders the menu page with the status of the moment
 * (`ShopPageData.status`), so the pill and its notes stand at their height from the first paint and the
 * menu below does not move when the live status confirms it.
 */
export function StoreStatusPill() {
  const { t } = useTranslation('storeStatus');
  const status = useStoreStatus((state) => state.status);
  const reopens = useReopening();
  let text: string;
  switch (status.kind) {
    case 'open':
      text = t('open', { time: status.closesAt });
      break;
    case 'opens_at':
      text = t('opens_at', { time: status.time });
      break;
    case 'paused':
      // Paused because no board is connected: the kitchen may still answer the phone.
      if (status.auto) text = t('paused_auto');
      else text = status.until ? t('paused_until', { time: status.until }) : t('paused');
      break;
    case 'closure':
      text = status.reason ? t('closure', { reason: status.reason }) : t('closed_today');
      break;
    default:
      text = t(status.kind);
  }
  return (
    <div className="store-status" role="status" aria-live="polite" data-tone={toneOf(status)}>
      <p className="store-status-pill">
        <span className="store-status-dot" aria-hidden="true" />
        {text}
      </p>
      {mayPreorder(status) && <p className="store-status-note">{t('preorder')}</p>}
      {reopens && <p className="store-status-note">{reopens}</p>}
    </div>
  );
}
