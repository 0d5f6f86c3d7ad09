import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  ORDER_MINUTES_MAX,
  ORDER_REASON_MAX_LENGTH,
  promisedTime,
  staffRoleAllows,
  toCents,
  type Order,
} from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { useStaffRole } from '../auth/staff-session.ts';
import { AdminApiError } from '../forms/api-errors.ts';
import type { StoreClock } from '../orders/use-store-clock.ts';
import { minutesUntilTold, preselectedMinutes, QUICK_MINUTES } from './accept-minutes.ts';
import { useOrderAction, type OrderAction } from './api/order-actions.ts';
import { useRetryRefund } from './api/retry-refund.ts';

const DELAYS = [15, 30, 45] as const;
const REJECT_REASONS = ['busy', 'sold_out', 'closing', 'area'] as const;
const CANCEL_REASONS = ['no_driver', 'kitchen', 'customer'] as const;

interface PanelProps {
  order: Order;
  clock: StoreClock;
  /** What was ordered: beside the decision on a tablet, above it on a phone. */
  contents: ReactNode;
  /** After a step succeeded (the board closes the dialog, prints when it should). */
  onDone: (order: Order, action: OrderAction) => void;
}

/** Where the decision's buttons go: the dialog's footer, always in reach however far the order scrolls. */
type Footer = HTMLElement | null;

/** A decision button, put into the footer; it submits its form through the `form` attribute. */
function InFooter({ footer, children }: { footer: Footer; children: ReactNode }) {
  return footer ? createPortal(children, footer) : null;
}

/**
 * The opened order: what was ordered, and what staff can do with it in its status: accept or reject a new
 * one, mark an accepted one ready and then handed over, or cancel it with a reason. The choices (minutes,
 * reasons) sit beside or below the order; the buttons that decide stay in a footer always in view. A
 * refusal from the server (another device decided first, the step no longer fits) is shown here, in the
 * server's words, which say who did what. Whatever the status, a PayPal refund that failed is offered
 * again (nothing is silent).
 */
export function OrderActionsPanel({ order, clock, contents, onDone }: PanelProps) {
  const [footer, setFooter] = useState<Footer>(null);
  const decisions = <Decisions order={order} clock={clock} footer={footer} onDone={onDone} />;
  return (
    <>
      <div className="board-dialog-main">
        <div className="board-dialog-contents">{contents}</div>
        {decisions}
      </div>
      <div ref={setFooter} className="board-dialog-footer" />
    </>
  );
}

function Decisions({ order, clock, footer, onDone }: Omit<PanelProps, 'contents'> & { footer: Footer }) {
  const { t } = useTranslation('adminBoard');
  const money = useMoney(useCurrency());
  const action = useOrderAction(order.id, onDone);
  const run = (step: OrderAction) => action.mutate(step);
  const error = action.error ? (
    <p className="board-action-error" role="alert">
      {action.error.message}
    </p>
  ) : null;
  // Refunds are the shift manager's: the kitchen decides the order, a manager sees to the money.
  const mayRefund = staffRoleAllows(useStaffRole(), 'manager');
  const refund = order.payment_status === 'refund_failed' && mayRefund ? <RefundRetry order={order} /> : null;
  // Rejecting or cancelling a paid order refunds it by itself; staff should know before they decide.
  const refundNote =
    order.payment_method === 'paypal' && order.payment_status === 'paid'
      ? t('refund.automatic', { amount: money(toCents(order.total)) })
      : null;

  // Keyed by kind: the form starts afresh when a waiting order, accepted meanwhile, can only be cancelled.
  const decline = (kind: 'reject' | 'cancel') => (
    <ReasonForm
      key={kind}
      kind={kind}
      reasons={kind === 'reject' ? REJECT_REASONS : CANCEL_REASONS}
      pending={action.isPending}
      refundNote={refundNote}
      footer={kind === 'reject' ? footer : null}
      onSubmit={(reason) => run({ step: kind, reason })}
    />
  );

  if (order.status === 'waiting')
    return (
      <div className="board-actions">
        {error}
        {order.requested_time === null ? (
          <AcceptAsap order={order} clock={clock} pending={action.isPending} footer={footer} onAccept={run} />
        ) : (
          <AcceptPreorder order={order} clock={clock} pending={action.isPending} footer={footer} onAccept={run} />
        )}
        {decline('reject')}
      </div>
    );
  if (order.status === 'accepted' || order.status === 'ready')
    return (
      <div className="board-actions">
        {error}
        {refund}
        <StepButton order={order} pending={action.isPending} footer={footer} onStep={run} />
        {decline('cancel')}
      </div>
    );
  // Called off by the customer while it waited (maybe while this dialog was open): nothing to cook.
  const calledOff =
    order.cancelled_by === 'customer' ? (
      <p className="board-cancelled-note" role="status">
        {t('dialog.cancelled_by_customer')}
      </p>
    ) : null;
  return (
    <div className="board-actions">
      {calledOff}
      {error}
      {refund}
    </div>
  );
}

/** A PayPal refund that failed: said in the danger colour, with a button that asks PayPal again. */
function RefundRetry({ order }: { order: Order }) {
  const { t } = useTranslation('adminBoard');
  const { t: tAdmin } = useTranslation('admin');
  const money = useMoney(useCurrency());
  const retry = useRetryRefund(order.id);
  return (
    <div className="board-action-block board-refund-failed" role="group" aria-labelledby="refund-heading">
      <h3 id="refund-heading">{t('refund.failed_heading')}</h3>
      <p>{t('refund.failed_text', { amount: money(toCents(order.total)) })}</p>
      {retry.error ? (
        <p className="board-action-error" role="alert">
          {retry.error instanceof AdminApiError ? retry.error.message : tAdmin('generic_error')}
        </p>
      ) : null}
      <button type="button" className="button board-danger" disabled={retry.isPending} onClick={() => retry.mutate()}>
        {retry.isPending ? t('refund.retrying') : t('refund.retry')}
      </button>
    </div>
  );
}

const minutesSchema = z.object({
  minutes: z.int().check(z.minimum(1), z.maximum(ORDER_MINUTES_MAX)),
});

/** Quick choices of minutes, one pressed at a time. */
function MinuteChips({
  choices,
  chosen,
  text,
  onChoose,
}: {
  choices: readonly number[];
  chosen: number;
  text: (minutes: number) => string;
  onChoose: (minutes: number) => void;
}) {
  return choices.map((minutes) => (
    <button
      key={minutes}
      type="button"
      className="board-chip"
      aria-pressed={chosen === minutes}
      onClick={() => onChoose(minutes)}
    >
      {text(minutes)}
    </button>
  ));
}

/** What either way of accepting an order works with. */
interface AcceptProps {
  order: Order;
  clock: StoreClock;
  pending: boolean;
  footer: Footer;
  onAccept: (action: OrderAction) => void;
}

const ACCEPT_FORM_ID = 'board-accept-form';

/**
 * Accepting an ASAP order: the minutes preselected as the customer was told at checkout (`promised_at`,
 * which counts the delivery area's delivery time), and a warning while the minutes chosen promise earlier
 * than that. Staff may still do so (a quiet evening), but knowingly.
 */
function AcceptAsap({ order, clock, pending, footer, onAccept }: AcceptProps) {
  const { t } = useTranslation('adminBoard');
  // Read when the dialog opens: the preselection and the warning do not move while staff choose.
  const [openedAt] = useState(() => Date.now());
  const form = useForm({
    resolver: zodResolver(minutesSchema),
    defaultValues: { minutes: preselectedMinutes(order.promised_at, openedAt) },
  });
  const minutes = useWatch({ control: form.control, name: 'minutes' });
  const label = order.order_type === 'delivery' ? t('accept.asap_label') : t('accept.asap_label_pickup');
  const told = clock.timeOrDate(order.promised_at);
  const earlier = Number.isInteger(minutes) && minutes < minutesUntilTold(order.promised_at, openedAt);

  return (
    <form
      id={ACCEPT_FORM_ID}
      className="board-action-block"
      aria-labelledby="accept-heading"
      noValidate
      onSubmit={form.handleSubmit((values) => onAccept({ step: 'accept', eta_minutes: values.minutes }))}
    >
      <h3 id="accept-heading">{t('accept.heading')}</h3>
      <p>{t('accept.told', { time: told })}</p>
      <fieldset className="board-quick">
        <legend>{label}</legend>
        <MinuteChips
          choices={QUICK_MINUTES}
          chosen={minutes}
          text={String}
          onChoose={(quick) => form.setValue('minutes', quick, { shouldValidate: true })}
        />
        <label className="board-minutes">
          <span className="sr-only">{t('accept.minutes')}</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={ORDER_MINUTES_MAX}
            aria-invalid={form.formState.errors.minutes ? true : undefined}
            aria-describedby={form.formState.errors.minutes ? 'accept-minutes-error' : undefined}
            {...form.register('minutes', { valueAsNumber: true })}
          />
          <span aria-hidden="true">{t('accept.minutes')}</span>
        </label>
      </fieldset>
      {form.formState.errors.minutes ? (
        <p id="accept-minutes-error" className="form-error">
          {t('accept.minutes_invalid')}
        </p>
      ) : null}
      {earlier ? (
        <p id="accept-earlier" className="board-earlier-warning">
          {t('accept.earlier_than_told', { time: told })}
        </p>
      ) : null}
      <InFooter footer={footer}>
        <button
          type="submit"
          form={ACCEPT_FORM_ID}
          className="button button-accent board-accept"
          disabled={pending}
          aria-describedby={earlier ? 'accept-earlier' : undefined}
        >
          {t('accept.submit', { minutes: Number.isInteger(minutes) ? minutes : '…' })}
        </button>
      </InFooter>
    </form>
  );
}

function AcceptPreorder({ order, clock, pending, footer, onAccept }: AcceptProps) {
  const { t } = useTranslation('adminBoard');
  const [delay, setDelay] = useState(0);
  const requested = order.requested_time ?? order.promised_at;
  // The domain's promise rule, so the button says the very time the customer will be told.
  const promised =
    promisedTime({ requestedTime: new Date(requested), decidedAt: new Date(), delayMinutes: delay })?.toISOString() ??
    requested;

  return (
    <div className="board-action-block" role="group" aria-labelledby="accept-heading">
      <h3 id="accept-heading">{t('accept.heading')}</h3>
      <p>{t('accept.preorder', { time: clock.timeOrDate(requested) })}</p>
      <fieldset className="board-quick">
        <legend>{t('accept.delay_label')}</legend>
        <MinuteChips
          choices={DELAYS}
          chosen={delay}
          text={(minutes) => t('accept.delay', { minutes })}
          onChoose={(minutes) => setDelay((current) => (current === minutes ? 0 : minutes))}
        />
      </fieldset>
      <InFooter footer={footer}>
        <button
          type="button"
          className="button button-accent board-accept"
          disabled={pending}
          onClick={() => onAccept({ step: 'accept', ...(delay > 0 ? { delay_minutes: delay } : {}) })}
        >
          {delay > 0
            ? t('accept.confirm_later', { time: clock.timeOrDate(promised) })
            : t('accept.confirm', { time: clock.timeOrDate(promised) })}
        </button>
      </InFooter>
    </div>
  );
}

/** The next step of an accepted order, in the footer: cancelling stays a form of its own below the order. */
function StepButton({
  order,
  pending,
  footer,
  onStep,
}: {
  order: Order;
  pending: boolean;
  footer: Footer;
  onStep: (action: OrderAction) => void;
}) {
  const { t } = useTranslation('adminBoard');
  const step = order.status === 'accepted' ? 'ready' : 'complete';
  return (
    <InFooter footer={footer}>
      <button
        type="button"
        className="button button-primary board-step"
        disabled={pending}
        onClick={() => onStep({ step })}
      >
        {pending ? t('steps.working') : t(`steps.${step}_${order.order_type}`)}
      </button>
    </InFooter>
  );
}

const reasonSchema = z.object({
  choice: z.string(),
  other: z.string().check(z.maxLength(ORDER_REASON_MAX_LENGTH)),
});

function ReasonForm<const R extends string>({
  kind,
  reasons,
  pending,
  refundNote,
  footer,
  onSubmit,
}: {
  kind: 'reject' | 'cancel';
  reasons: readonly R[];
  pending: boolean;
  /** For an order paid with PayPal: that deciding so refunds it. */
  refundNote: string | null;
  /** Where its button goes (rejecting is half the decision on a new order); null: in the form itself. */
  footer: Footer;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation('adminBoard');
  const form = useForm({ resolver: zodResolver(reasonSchema), defaultValues: { choice: '', other: '' } });
  const [missing, setMissing] = useState(false);
  const choice = useWatch({ control: form.control, name: 'choice' });
  const reasonText = (reason: R) => t(`${kind}.reasons.${reason}` as `reject.reasons.busy`);
  const headingId = `${kind}-heading`;
  const formId = `board-${kind}-form`;
  const submit = (
    <button type="submit" form={formId} className="button board-danger" disabled={pending}>
      {t(`${kind}.submit`)}
    </button>
  );

  return (
    <form
      id={formId}
      className="board-action-block board-reason"
      data-kind={kind}
      aria-labelledby={headingId}
      noValidate
      onSubmit={form.handleSubmit(({ choice: chosen, other }) => {
        const reason = chosen === 'other' ? other.trim() : chosen ? reasonText(chosen as R) : '';
        setMissing(reason === '');
        if (reason) onSubmit(reason);
        // Tapped in the footer with no reason: the reasons come into view.
        else form.setFocus(chosen === 'other' ? 'other' : 'choice');
      })}
    >
      <h3 id={headingId}>{t(`${kind}.heading`)}</h3>
      {refundNote ? <p className="board-refund-note">{refundNote}</p> : null}
      <fieldset>
        <legend>{t(`${kind}.reason_label`)}</legend>
        {reasons.map((reason) => (
          <label key={reason} className="board-radio">
            <input type="radio" value={reason} {...form.register('choice')} />
            <span>{reasonText(reason)}</span>
          </label>
        ))}
        <label className="board-radio">
          <input type="radio" value="other" {...form.register('choice')} />
          <span>{t('reject.other')}</span>
        </label>
        {choice === 'other' ? (
          <input
            type="text"
            className="input"
            maxLength={ORDER_REASON_MAX_LENGTH}
            aria-label={t('reject.other')}
            placeholder={t('reject.other_placeholder')}
            {...form.register('other')}
          />
        ) : null}
      </fieldset>
      {missing ? (
        <p className="form-error" role="alert">
          {t('reject.reason_required')}
        </p>
      ) : null}
      {footer ? <InFooter footer={footer}>{submit}</InFooter> : submit}
    </form>
  );
}
