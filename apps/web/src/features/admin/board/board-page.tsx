import './board.css';
import './register-texts.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toCents, type Board, type Order } from '@pizzeria/domain';
import { useMoney } from '../../../lib/use-money.ts';
import { useCurrency } from '../../store/index.ts';
import { useStoreClock, type StoreClock } from '../orders/use-store-clock.ts';
import { CsvExport } from '../reports/csv-export.tsx';
import { TodayAtAGlance } from '../reports/today-at-a-glance.tsx';
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
import { LOST_ALARM_AFTER_MS, useOrderAlerts } from './use-order-alerts.ts';

/** Redraws the waiting times and the lost-connection banner. */
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
 * `/order-online/admin/home` ("Admin Dashboard"): the live orders board. New orders arrive over the staff
 * channel within a second and ring until someone opens or decides them; the columns follow an order
 * from new to done. The shift starts with one tap, which lets the page play sound, keeps the screen on
 * and asks for notifications.
 */
export function BoardPage() {
  const { t: tAdmin } = useTranslation('admin');
  const board = useBoard();
  const connection = useBoardConnection();
  const waitingCount = board.data?.orders.filter((order) => order.status === 'waiting').length ?? 0;
  useAdminTitle(tAdmin('pages.home'), waitingCount);

  return (
    <section className="admin-page board-page" aria-labelledby="admin-page-title">
      <div className="admin-page-head board-head">
        <h1 id="admin-page-title">{tAdmin('pages.home')}</h1>
        <ConnectionBadge connection={connection} />
        {board.data ? <BoardSettingsDialog settings={board.data.settings} /> : null}
      </div>
      {board.data ? <LiveBoard board={board.data} connection={connection} /> : <QueryState query={board} />}
    </section>
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
  const now = useNow(CLOCK_TICK_MS);
  const [clockOffsetMs] = useState(() => Date.parse(board.now) - Date.now());
  // Opened on this device: it stops ringing here (another tablet keeps ringing until it is decided).
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const [openId, setOpenId] = useState<number | null>(null);

  const columns = boardColumns(board.orders);
  const ringing = columns.waiting.filter((order) => !seen.has(order.id));
  const openOrder = board.orders.find((order) => order.id === openId) ?? null;

  useOrderAlerts({
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
      {lost && connection.downSince !== null ? (
        <p className="board-banner" data-kind="lost" role="alert">
          {t('banner.lost', { since: clock.time(new Date(connection.downSince).toISOString()) })}
        </p>
      ) : null}
      <GuestRushBanner waitingCount={columns.waiting.length} />
      <PaymentReviews clock={clock} />
      <TodayAtAGlance />
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
      <CsvExport />
      <OrderDialog order={openOrder} clock={clock} onClose={() => setOpenId(null)} onDone={done} />
    </>
  );
}

/** Start the shift (the gesture sound needs), and afterwards: sound on or off, and a red banner whenever it cannot ring. */
function ShiftBar() {
  const { t } = useTranslation('adminBoard');
  const sound = useBoardSound();
  const start = () => {
    void boardSound.start();
    boardSound.setMuted(false);
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
      void Notification.requestPermission().catch(() => undefined);
    }
  };

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

  const silent = sound.blocked || sound.muted;
  return (
    <>
      {silent ? (
        <div className="board-banner" data-kind="sound" role="alert">
          <span>{sound.muted ? t('banner.muted') : t('banner.blocked')}</span>
          <button type="button" className="button button-secondary" onClick={start}>
            {t('banner.enable')}
          </button>
        </div>
      ) : null}
      <div className="board-shift-running">
        <span>{t('shift.running')}</span>
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={!sound.muted}
          onClick={() => (sound.muted ? start() : boardSound.setMuted(true))}
        >
          {sound.muted ? t('shift.sound_off') : t('shift.sound_on')}
        </button>
      </div>
    </>
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
