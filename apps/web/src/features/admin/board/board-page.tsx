import './board.css';
import './register-texts.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffRoleAllows, toCents, type Board, type BoardSettings, type Order } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { useStaffRole } from '../auth/staff-session.ts';
import { useStoreClock, type StoreClock } from '../orders/use-store-clock.ts';
import { Switch } from '../forms/switch.tsx';
import { PushSwitch } from '../push/index.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useAdminTitle } from '../shell/use-admin-title.ts';
import { useBoard } from './api/board-query.ts';
import type { OrderAction } from './api/order-actions.ts';
import { BOARD_COLUMNS, boardColumns, type BoardColumn } from './board-columns.ts';
import { useBoardConnection, type BoardConnection } from './board-connection.ts';
import { boardSound, useBoardSound } from './board-sound.ts';
import { BoardSettingsDialog } from './board-settings-dialog.tsx';
import { GuestRushBanner } from './guest-rush-banner.tsx';
import { OrderCard } from './order-card.tsx';
import { OrderDialog, ticketHref } from './order-dialog.tsx';
import { PaymentReviews } from './payment-reviews.tsx';
import { TodayDialog } from './today-dialog.tsx';
import { LOST_ALARM_AFTER_MS, useOrderAlerts } from './use-order-alerts.ts';

/** Redraws the waiting times, how late each order is and the lost-connection banner. */
const CLOCK_TICK_MS = 5_000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * `/order-online/admin/home` ("Admin Dashboard"): the live orders board, the kitchen's screen. New orders
 * arrive over the staff channel within a second and ring until someone opens or decides them; the columns
 * follow an order from new to done, each by the time the customer was given, and an order nearing or past
 * that time says so. The orders come first: today's figures and the settings are one tap away in the
 * header. The shift starts with one tap, which lets the page play sound, keeps the screen on and asks
 * for notifications.
 */
export function BoardPage() {
  const { t: tAdmin } = useTranslation('admin');
  const board = useBoard();
  const connection = useBoardConnection();
  const waitingCount = board.data?.orders.filter((order) => order.status === 'waiting').length ?? 0;
  useAdminTitle(tAdmin('pages.home'), waitingCount);

  return (
    <section className="admin-page board-page" aria-labelledby="admin-page-title">
      <BoardHead connection={connection} settings={board.data?.settings ?? null} />
      {board.data ? <LiveBoard board={board.data} connection={connection} /> : <QueryState query={board} />}
    </section>
  );
}

/** One line above the columns: the page's name, the connection, the running shift and its sound, and what is one tap away. */
function BoardHead({ connection, settings }: { connection: BoardConnection; settings: BoardSettings | null }) {
  const { t: tAdmin } = useTranslation('admin');
  // The day's takings and the board's settings are the shift manager's; the kitchen sees the orders.
  const manager = staffRoleAllows(useStaffRole(), 'manager');
  return (
    <div className="admin-page-head board-head">
      <h1 id="admin-page-title">{tAdmin('pages.home')}</h1>
      <ConnectionBadge connection={connection} />
      <div className="board-head-tools">
        <SoundSwitch />
        <PushSwitch compact />
        {manager ? <TodayDialog /> : null}
        {settings && manager ? <BoardSettingsDialog settings={settings} /> : null}
      </div>
    </div>
  );
}

function ConnectionBadge({ connection }: { connection: BoardConnection }) {
  const { t } = useTranslation('adminBoard');
  return (
    <p className="board-connection" data-status={connection.status} role="status">
      <span className="board-connection-dot" aria-hidden="true" />
      {t(`connection.${connection.status}`)}
    </p>
  );
}

function LiveBoard({ board, connection }: { board: Board; connection: BoardConnection }) {
  const { t } = useTranslation('adminBoard');
  const { t: tAdmin } = useTranslation('admin');
  const money = useMoney(useCurrency());
  const clock = useStoreClock();
  const sound = useBoardSound();
  // Payments to check (refunds) are the shift manager's: the kitchen's board does not even ask for them.
  const manager = staffRoleAllows(useStaffRole(), 'manager');
  const now = useNow(CLOCK_TICK_MS);
  const [clockOffsetMs] = useState(() => Date.parse(board.now) - Date.now());
  // Opened on this device: it stops ringing here (another tablet keeps ringing until it is decided).
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const [openId, setOpenId] = useState<number | null>(null);

  const columns = boardColumns(board.orders);
  const ringing = columns.waiting.filter((order) => !seen.has(order.id));
  const openOrder = board.orders.find((order) => order.id === openId) ?? null;

  const { screenMaySleep } = useOrderAlerts({
    ringing,
    louderAfterMinutes: board.settings.chime_louder_after_minutes,
    connection,
    clockOffsetMs,
    active: sound.started,
    notificationText: (order: Order) => ({
      title: t('notification.title', { number: order.id }),
      body: t('notification.body', {
        type: tAdmin(`order_type.${order.order_type}`),
        total: money(toCents(order.total)),
        name: order.customer_name,
      }),
    }),
  });

  const open = (orderId: number) => {
    setSeen((current) => new Set(current).add(orderId));
    setOpenId(orderId);
  };
  const done = (order: Order, action: OrderAction) => {
    setOpenId(null);
    if (action.step === 'accept' && board.settings.print_on_accept) window.open(ticketHref(order.id), '_blank');
  };
  const lost =
    connection.status !== 'live' && connection.downSince !== null && now - connection.downSince > LOST_ALARM_AFTER_MS;

  return (
    <>
      <ShiftBar />
      {screenMaySleep ? (
        <p className="board-banner" data-kind="screen" role="status">
          {t('banner.screen_may_sleep')}
        </p>
      ) : null}
      {lost && connection.downSince !== null ? (
        <p className="board-banner" data-kind="lost" role="alert">
          {t('banner.lost', { since: clock.time(new Date(connection.downSince).toISOString()) })}
        </p>
      ) : null}
      <GuestRushBanner waitingCount={columns.waiting.length} mayPause={manager} />
      {manager ? <PaymentReviews clock={clock} /> : null}
      <div className="board-columns">
        {BOARD_COLUMNS.map((column) => (
          <BoardColumnView
            key={column}
            column={column}
            orders={columns[column]}
            clock={clock}
            serverNow={now + clockOffsetMs}
            seen={seen}
            onOpen={open}
          />
        ))}
      </div>
      <OrderDialog order={openOrder} clock={clock} onClose={() => setOpenId(null)} onDone={done} />
    </>
  );
}

/** The tap that starts the shift (the gesture sound needs); it also turns the sound on again. */
function startShift() {
  void boardSound.start();
  boardSound.setMuted(false);
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
}

/** Start the shift, and afterwards a red banner whenever the board cannot ring. */
function ShiftBar() {
  const { t } = useTranslation('adminBoard');
  const sound = useBoardSound();
  const start = startShift;

  if (!sound.started)
    return (
      <div className="board-shift card" role="region" aria-labelledby="shift-heading">
        <div>
          <h2 id="shift-heading">{t('shift.title')}</h2>
          <p>{t('shift.text')}</p>
        </div>
        <button type="button" className="button button-accent board-shift-start" onClick={start}>
          {t('shift.start')}
        </button>
      </div>
    );

  if (!sound.blocked && !sound.muted) return null;
  return (
    <div className="board-banner" data-kind="sound" role="alert">
      <span>{sound.muted ? t('banner.muted') : t('banner.blocked')}</span>
      <button type="button" className="button button-secondary" onClick={start}>
        {t('banner.enable')}
      </button>
    </div>
  );
}

/** While the shift runs: that it does, and the sound as a switch that says its state ("Ton: an"). */
function SoundSwitch() {
  const { t } = useTranslation('adminBoard');
  const sound = useBoardSound();
  if (!sound.started) return null;
  const on = !sound.muted;
  return (
    <div className="board-shift-running">
      <span className="board-shift-label">{t('shift.running')}</span>
      <Switch checked={on} onToggle={() => (on ? boardSound.setMuted(true) : startShift())}>
        {on ? t('shift.sound_on') : t('shift.sound_off')}
      </Switch>
    </div>
  );
}

function BoardColumnView({
  column,
  orders,
  clock,
  serverNow,
  seen,
  onOpen,
}: {
  column: BoardColumn;
  orders: Order[];
  clock: StoreClock;
  serverNow: number;
  seen: ReadonlySet<number>;
  onOpen: (orderId: number) => void;
}) {
  const { t } = useTranslation('adminBoard');
  const headingId = `board-column-${column}`;
  return (
    <section className="board-column" data-column={column} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t(`columns.${column}`)} <span className="board-column-count">{orders.length}</span>
      </h2>
      {orders.length === 0 ? (
        <p className="admin-muted">{t(`column_empty.${column}`)}</p>
      ) : (
        <ul className="board-cards">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                clock={clock}
                serverNow={serverNow}
                ringing={order.status === 'waiting' && !seen.has(order.id)}
                onOpen={onOpen}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
