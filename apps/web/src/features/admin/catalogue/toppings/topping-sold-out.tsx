import { useTranslation } from 'react-i18next';
import type { AdminTopping } from '@pizzeria/domain';
import { AdminApiError } from '../../forms/api-errors.ts';
import { useSetToppingSoldOut } from './api/set-topping-sold-out.ts';

/** What a sold-out switch did, for the page's status line (`failed` and `conflict` as an alert). */
export interface SoldOutOutcome {
  kind: 'done' | 'conflict' | 'failed';
  text: string;
}

/** Sold out right now: `sold_out_until` is still ahead (a past moment means every group offers it again). */
export function isSoldOut(soldOutUntil: string | null, now = Date.now()): soldOutUntil is string {
  return soldOutUntil !== null && Date.parse(soldOutUntil) > now;
}

/** "Di., 15.06., 11:30" in the page's language: when a topping is back. */
function useMoment(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (iso) => format.format(new Date(iso));
}

/**
 * A topping's state today and the switch beside it: sold out in every group until the next business
 * day starts, or back on sale at once. The kitchen's whole business on the toppings page.
 */
export function ToppingSoldOut({
  topping,
  onOutcome,
}: {
  topping: AdminTopping;
  onOutcome: (outcome: SoldOutOutcome) => void;
}) {
  const { t } = useTranslation('adminToppings', { keyPrefix: 'sold_out' });
  const { t: tAdmin } = useTranslation('admin');
  const moment = useMoment();
  const setSoldOut = useSetToppingSoldOut();
  const name = topping.name.de;
  const until = isSoldOut(topping.sold_out_until) ? topping.sold_out_until : null;

  const toggle = () =>
    setSoldOut.mutate(
      { topping, soldOut: until === null },
      {
        onSuccess: (answer) =>
          onOutcome({
            kind: 'done',
            text: isSoldOut(answer.sold_out_until)
              ? t('done', { name, until: moment(answer.sold_out_until) })
              : t('back_done', { name }),
          }),
        onError: (failure) =>
          onOutcome(
            failure instanceof AdminApiError && failure.code === 'version_conflict'
              ? { kind: 'conflict', text: t('changed_meanwhile', { name }) }
              : { kind: 'failed', text: failure instanceof AdminApiError ? failure.message : tAdmin('generic_error') },
          ),
      },
    );

  return (
    <div className="toppings-sold-out">
      {until ? (
        <span className="toppings-badge toppings-badge-sold-out">{t('badge', { until: moment(until) })}</span>
      ) : (
        <span className="toppings-badge">{t('on_sale')}</span>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={setSoldOut.isPending}
        aria-label={until ? t('back_named', { name }) : t('sell_out_named', { name })}
        onClick={toggle}
      >
        {until ? t('back') : t('sell_out')}
      </button>
    </div>
  );
}
