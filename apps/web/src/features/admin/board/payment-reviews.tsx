import { useTranslation } from 'react-i18next';
import { toCents, type PaymentReview } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { AdminApiError } from '../forms/api-errors.ts';
import type { StoreClock } from '../orders/use-store-clock.ts';
import { usePaymentReviewActions, usePaymentReviews } from './api/payment-reviews.ts';

/**
 * "Zahlungen prüfen": every PayPal payment a person has to look at (a failed refund, a refund PayPal holds,
 * a chargeback), above the columns until it is settled, whatever day or status its order has. Each says
 * what happened and what to do, with the two ways out: try the refund again, or mark it as done in PayPal.
 */
export function PaymentReviews({ clock }: { clock: StoreClock }) {
  const { t } = useTranslation('adminBoard');
  const reviews = usePaymentReviews();
  const list = reviews.data?.reviews ?? [];
  if (list.length === 0) return null;
  return (
    <section className="board-reviews" aria-labelledby="payment-reviews-heading">
      <h2 id="payment-reviews-heading">
        {t('reviews.title')} <span className="board-column-count">{list.length}</span>
      </h2>
      <p>{t('reviews.intro')}</p>
      <ul className="board-review-list">
        {list.map((review) => (
          <li key={review.order_id}>
            <PaymentReviewItem review={review} clock={clock} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PaymentReviewItem({ review, clock }: { review: PaymentReview; clock: StoreClock }) {
  const { t } = useTranslation('adminBoard');
  const { t: tAdmin } = useTranslation('admin');
  const money = useMoney(useCurrency());
  const { retry, markDone } = usePaymentReviewActions(review.order_id);
  const amount = money(toCents(review.amount));
  const headingId = `payment-review-${review.order_id}`;
  const error = retry.error ?? markDone.error;
  const busy = retry.isPending || markDone.isPending;
  return (
    <article className="board-review" data-kind={review.kind} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('reviews.heading', { number: review.order_id, name: review.customer_name, amount })}</h3>
      <p className="admin-muted">
        {t('reviews.order_line', {
          phone: review.phone,
          placed: clock.timeOrDate(review.created_at),
          status: tAdmin(`status.${review.order_status}`),
        })}
        {review.payment_method === 'cash' ? ` · ${t('reviews.paid_cash')}` : null}
      </p>
      <p>
        <strong>{t(`reviews.what.${review.kind}`, { amount })}</strong>
        {review.failure ? ` ${t('reviews.reason', { reason: review.failure })}` : null}
      </p>
      {review.kind === 'refund_failed' ? (
        <p>
          {review.next_retry_at
            ? t('reviews.next_try', { time: clock.timeOrDate(review.next_retry_at) })
            : t('reviews.no_next_try')}
        </p>
      ) : null}
      <p>{t(`reviews.todo.${review.kind}`, { capture: review.paypal_capture_id ?? '–' })}</p>
      {error ? (
        <p className="board-action-error" role="alert">
          {error instanceof AdminApiError ? error.message : tAdmin('generic_error')}
        </p>
      ) : null}
      <div className="board-review-actions">
        {review.kind === 'refund_failed' ? (
          <button type="button" className="button board-danger" disabled={busy} onClick={() => retry.mutate()}>
            {retry.isPending ? t('reviews.retrying') : t('reviews.retry')}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => markDone.mutate()}>
          {markDone.isPending ? t('reviews.marking') : t('reviews.done')}
        </button>
      </div>
    </article>
  );
}
