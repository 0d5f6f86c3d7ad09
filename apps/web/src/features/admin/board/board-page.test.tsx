import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Board, Order } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import type { FakeSocket } from '../../../lib/test-socket.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { deferred, fakeApi, type FakeAnswer, type RecordedCall } from '../../auth/test-api.ts';
import { testStoreQuery } from '../../store/test-store.ts';
import { testAdminOrder } from '../orders/test-admin-order.ts';
import { signedInDevice, staffTokens } from '../test-staff.ts';
import { BOARD_QUERY_KEY } from './api/board-query.ts';
import { BoardPage } from './board-page.tsx';
import { CHIME_EVERY_MS } from './use-order-alerts.ts';
import { FakeAudioContext, QUIET_DAY, boardOrder, setUpBoardTests, testBoard } from './test-board.ts';

const BOARD_PATH = '/api/admin/stores/13/board';

/** What the server answers besides the board: a signed-in device, today's figures, the order's details. */
function serverWith(board: Board, more: Record<string, FakeAnswer | FakeAnswer[]> = {}) {
  const details = Object.fromEntries(
    board.orders.map((order) => [
      `GET /api/admin/orders/${order.id}`,
      { status: 200, body: testAdminOrder({ ...order, history: [] }) },
    ]),
  );
  return fakeApi({
    'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
    'GET /api/admin/reports/today': { status: 200, body: QUIET_DAY },
    'GET /api/admin/stores/13/guest-rush': { status: 200, body: NO_RUSH },
    [`GET ${BOARD_PATH}`]: { status: 200, body: board },
    ...details,
    ...more,
  });
}

const NO_RUSH = { active: false, waiting_guest_orders: 0, slots_full_for_guests: 0, guest_places: 3 };

const boardReads = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === BOARD_PATH).length;
const posted = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'POST' && call.path.startsWith('/api/admin/orders/'))
    .map((call) => ({ path: call.path, body: JSON.parse(String(call.body)) as unknown }));

const sockets = setUpBoardTests();

/** The board page, loaded and live: its first read done, the channel authorised and ready. */
async function openBoard(board: Board, more: Record<string, FakeAnswer | FakeAnswer[]> = {}) {
  const api = serverWith(board, more);
  const view = renderWithProviders(<BoardPage />, { queryData: [testStoreQuery] });
  await screen.findByRole('region', { name: /^Neu/ });
  await waitFor(() => expect(boardReads(api.calls)).toBe(1));
  const socket = await goLive(api.calls, 2);
  return { api, socket, view, user: userEvent.setup() };
}

/** The server accepts the latest socket, takes its token and says `ready`; the board reads its list again. */
async function goLive(calls: RecordedCall[], readsAfter: number): Promise<FakeSocket> {
  const socket = sockets().latest();
  act(() => socket.open());
  await waitFor(() => expect(socket.sent).toEqual([{ type: 'auth', access_token: 'access-1' }]));
  act(() => socket.push({ type: 'ready' }));
  await waitFor(() => expect(boardReads(calls)).toBe(readsAfter));
  await screen.findByText('Live verbunden');
  return socket;
}

/** A card is a button named by what it shows, its number first: `#7`, then type, time, name, total. */
const card = (id: number) => new RegExp(`^#${id}(?!\\d)`);
const column = (name: RegExp) => screen.getByRole('region', { name });
const cardsIn = (name: RegExp) =>
  within(column(name))
    .queryAllByRole('button', { name: /^#\d+/ })
    .map((card) => Number(card.getAttribute('data-order-id')));

async function openOrder(user: ReturnType<typeof userEvent.setup>, id: number) {
  await user.click(screen.getByRole('button', { name: card(id) }));
  return within(await screen.findByRole('dialog', { name: `Bestellung #${id}` }));
}

/** The server's answer to a step: the order in its new status. */
const answered = (order: Order): FakeAnswer => ({ status: 200, body: order });

describe('orders board: columns and the live channel', () => {
  it('shows the board’s orders in their columns', async () => {
    await openBoard(
      testBoard([
        boardOrder({ id: 1, status: 'waiting' }),
        boardOrder({ id: 2, status: 'accepted', eta_at: '2026-11-23T12:30:00.000Z' }),
        boardOrder({ id: 3, status: 'ready' }),
        boardOrder({ id: 4, status: 'completed' }),
        boardOrder({ id: 5, status: 'pending_payment' }),
      ]),
    );

    expect(cardsIn(/^Neu/)).toEqual([1]);
    expect(cardsIn(/^In der Küche/)).toEqual([2]);
    expect(cardsIn(/^Fertig \/ unterwegs/)).toEqual([3]);
    expect(cardsIn(/^Heute erledigt/)).toEqual([4]);
    expect(screen.queryByRole('button', { name: card(5) })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Neu 1' })).toBeInTheDocument();
    // The file's first board loads every lazy part: more time on a busy machine, never a check of speed.
  }, 20_000);

  it('authorises the channel with the staff access token, and reads the list only once it is ready', async () => {
    const api = serverWith(testBoard([]));
    const view = renderWithProviders(<BoardPage />, { queryData: [testStoreQuery] });
    await waitFor(() => expect(boardReads(api.calls)).toBe(1));

    expect(sockets().sockets.map((socket) => socket.closedBy)).toEqual([null]);
    const socket = sockets().latest();
    expect(socket.url).toBe(`ws://${location.host}/api/ws/admin/orders?lang=de`);
    act(() => socket.open());
    await waitFor(() => expect(socket.sent).toEqual([{ type: 'auth', access_token: 'access-1' }]));
    expect(boardReads(api.calls)).toBe(1);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Verbinde …');

    act(() => socket.push({ type: 'ready' }));
    await waitFor(() => expect(boardReads(api.calls)).toBe(2));
    expect(await screen.findByText('Live verbunden')).toBeInTheDocument();

    // Leaving the board ends its channel.
    view.unmount();
    expect(socket.closedBy).toEqual({ code: 1000 });
  });

  it('reads the list again after a reconnect, so an order placed meanwhile appears', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { socket } = await openBoard(testBoard([boardOrder({ id: 1 })]));

    const later = serverWith(testBoard([boardOrder({ id: 1 }), boardOrder({ id: 9 })]));
    const opened = sockets().sockets.length;
    act(() => socket.drop());
    expect(await screen.findByText('Verbindung unterbrochen – verbinde neu …')).toBeInTheDocument();
    await waitFor(() => expect(sockets().sockets).toHaveLength(opened + 1));
    expect(screen.queryByRole('button', { name: card(9) })).not.toBeInTheDocument();

    await goLive(later.calls, 1);
    expect(await screen.findByRole('button', { name: card(9) })).toBeInTheDocument();
    expect(cardsIn(/^Neu/)).toEqual([1, 9]);
  });

  // The server says `ready` once the board is subscribed, so events can overtake the list's read.
  it('keeps an order that arrives over the channel while the list is being read again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { socket, view } = await openBoard(testBoard([boardOrder({ id: 1 })]));
    // The server read its list just before order 9 was placed, and answers only after the event.
    const held = deferred<FakeAnswer>();
    const later = serverWith(testBoard([]), { [`GET ${BOARD_PATH}`]: { wait: held.promise } });
    const opened = sockets().sockets.length;
    act(() => socket.drop());
    await waitFor(() => expect(sockets().sockets).toHaveLength(opened + 1));
    const again = sockets().latest();
    act(() => again.open());
    await waitFor(() => expect(again.sent).toHaveLength(1));
    act(() => again.push({ type: 'ready' }));
    await waitFor(() => expect(boardReads(later.calls)).toBe(1));

    act(() => again.push({ type: 'order_created', order: boardOrder({ id: 9 }) }));
    expect(await screen.findByRole('button', { name: card(9) })).toBeInTheDocument();
    held.resolve({ status: 200, body: testBoard([boardOrder({ id: 1 })]) });
    await waitFor(() => expect(view.queryClient.getQueryState(BOARD_QUERY_KEY)?.fetchStatus).toBe('idle'));
    expect(cardsIn(/^Neu/)).toEqual([1, 9]);
  });

  // The board's first read can begin before an order that the channel, not yet ready, will not bring.
  it('reads the list anew when the channel gets ready during the first read, so an order placed in between appears', async () => {
    const first = deferred<FakeAnswer>();
    const api = serverWith(testBoard([]), {
      [`GET ${BOARD_PATH}`]: [
        { wait: first.promise },
        { status: 200, body: testBoard([boardOrder({ id: 1 }), boardOrder({ id: 9 })]) },
      ],
    });
    const view = renderWithProviders(<BoardPage />, { queryData: [testStoreQuery] });
    await waitFor(() => expect(boardReads(api.calls)).toBe(1));
    const socket = sockets().latest();
    act(() => socket.open());
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    act(() => socket.push({ type: 'ready' }));
    await waitFor(() => expect(boardReads(api.calls)).toBe(2));

    // The first read answers last, with the list as it was before order 9: it is not what the board shows.
    first.resolve({ status: 200, body: testBoard([boardOrder({ id: 1 })]) });
    expect(await screen.findByRole('button', { name: card(9) })).toBeInTheDocument();
    await waitFor(() => expect(view.queryClient.getQueryState(BOARD_QUERY_KEY)?.fetchStatus).toBe('idle'));
    expect(cardsIn(/^Neu/)).toEqual([1, 9]);
  });

  it('reads an open order’s details anew when the channel changes the order during their first read', async () => {
    const first = deferred<FakeAnswer>();
    const waiting = boardOrder({ id: 7 });
    const accepted = boardOrder({ id: 7, status: 'accepted', eta_minutes: 20 });
    const acceptedBy = {
      status: 'accepted' as const,
      at: '2026-11-23T12:00:00.000Z',
      actor: { kind: 'staff' as const, name: 'Luigi' },
      note: null,
    };
    const { api, socket, user } = await openBoard(testBoard([waiting]), {
      'GET /api/admin/orders/7': [
        { wait: first.promise },
        { status: 200, body: testAdminOrder({ ...accepted, history: [acceptedBy] }) },
      ],
    });
    const detailReads = () => api.calls.filter((call) => call.path === '/api/admin/orders/7').length;
    const dialog = await openOrder(user, 7);
    await waitFor(() => expect(detailReads()).toBe(1));

    // Another tablet accepts the order while this one's first read of its details is under way.
    act(() => socket.push({ type: 'order_updated', order: accepted }));
    await waitFor(() => expect(detailReads()).toBe(2));
    // The first read answers last, with the order as it was before.
    first.resolve({ status: 200, body: testAdminOrder({ ...waiting, history: [] }) });

    const history = within(await dialog.findByRole('region', { name: 'Verlauf' }));
    expect(history.getByRole('listitem')).toHaveTextContent('Angenommenvon Luigi');
  });

  it('adds a new order from the channel without reading the list, and counts it in the tab title', async () => {
    const { api, socket } = await openBoard(testBoard([boardOrder({ id: 1, status: 'accepted' })]));
    await waitFor(() => expect(document.title).toBe('Admin Dashboard | Pizzeria Bella Napoli Restaurant'));

    act(() => socket.push({ type: 'order_created', order: boardOrder({ id: 9 }) }));
    expect(await screen.findByRole('button', { name: card(9) })).toBeInTheDocument();
    expect(cardsIn(/^Neu/)).toEqual([9]);
    await waitFor(() => expect(document.title).toBe('(1) Admin Dashboard | Pizzeria Bella Napoli Restaurant'));
    expect(boardReads(api.calls)).toBe(2);
  });

  it('moves an order when the channel says it changed', async () => {
    const { socket } = await openBoard(testBoard([boardOrder({ id: 1 }), boardOrder({ id: 2 })]));
    act(() => socket.push({ type: 'order_updated', order: boardOrder({ id: 1, status: 'rejected' }) }));
    await waitFor(() => expect(cardsIn(/^Heute erledigt/)).toEqual([1]));
    expect(cardsIn(/^Neu/)).toEqual([2]);
  });
});

describe('orders board: the kitchen’s screen', () => {
  // 14:24 in Berlin: two orders promised for 14:22, one for 14:30, one for 15:00.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T13:24:00.000Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const promised = (id: number, time: string) =>
    boardOrder({
      id,
      status: 'accepted',
      eta_at: `2026-11-23T${time}:00.000Z`,
      promised_at: '2026-11-23T12:00:00.000Z',
    });

  it('says in words which orders are late or nearly due, and lists each column by promised time', async () => {
    await openBoard(
      testBoard([
        promised(3, '14:00'),
        promised(1, '13:22'),
        promised(4, '13:30'),
        promised(2, '13:22'),
        boardOrder({ id: 5, status: 'waiting', promised_at: '2026-11-23T13:24:00.000Z' }),
      ]),
    );
    expect(cardsIn(/^In der Küche/)).toEqual([1, 2, 4, 3]);
    const flag = (id: number) => screen.getByRole('button', { name: card(id) }).querySelector('.board-card-due');
    expect(flag(1)).toHaveTextContent('2 Min. überfällig');
    expect(flag(2)).toHaveTextContent('2 Min. überfällig');
    expect(flag(4)).toHaveTextContent('in 6 Min.');
    expect(flag(3)).toBeNull();
    expect(flag(5)).toHaveTextContent('jetzt fällig');
    expect(screen.getByRole('button', { name: card(1) })).toHaveAttribute('data-lateness', 'late');

    await act(() => i18n.changeLanguage('en'));
    expect(flag(1)).toHaveTextContent('2 min late');
    expect(flag(4)).toHaveTextContent('due in 6 min');
    expect(flag(5)).toHaveTextContent('due now');
    // Rendering four columns on a busy machine: more time than the default, never a check of speed.
  }, 20_000);

  it('marks a new order in words until it is opened here', async () => {
    const { user } = await openBoard(testBoard([boardOrder({ id: 7 })]));
    expect(screen.getByRole('button', { name: card(7) })).toHaveTextContent('Neu – bitte öffnen');
    await openOrder(user, 7);
    expect(screen.getByRole('button', { name: card(7), hidden: true })).not.toHaveTextContent('Neu – bitte öffnen');
  });

  it('keeps today’s figures one tap away, not above the orders', async () => {
    const { user } = await openBoard(testBoard([boardOrder({ id: 7 })]));
    expect(screen.queryByRole('heading', { name: 'Heute auf einen Blick' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tageszahlen' }));
    const today = await screen.findByRole('dialog', { name: 'Heute auf einen Blick' });
    expect(within(today).getByRole('heading', { name: 'Heute auf einen Blick' })).toBeInTheDocument();
  });

  it('shows what was ordered in the dialog at once, with the decision', async () => {
    const held = deferred<FakeAnswer>();
    const { user } = await openBoard(testBoard([boardOrder({ id: 7 })]), {
      'GET /api/admin/orders/7': { wait: held.promise },
    });
    const dialog = await openOrder(user, 7);
    // The details are still loading: the board's own copy of the order shows what to cook.
    expect(dialog.getByText('2 × Pizza Margherita (Groß)')).toBeInTheDocument();
    expect(dialog.getByText('Bitte klingeln bei Rossi')).toBeInTheDocument();
    expect(dialog.getByText(/Kastanienallee 3/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: /^Annehmen – in \d+ Min\.$/ })).toBeInTheDocument();
    held.resolve({ status: 200, body: testAdminOrder({ ...boardOrder({ id: 7 }), history: [] }) });
  });

  it('tells staff when the screen may go dark, once the shift runs and the browser will not keep it on', async () => {
    const { user } = await openBoard(testBoard([]));
    expect(screen.queryByText(/Bildschirm kann ausgehen/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schicht starten' }));
    expect(await screen.findByText(/^Bildschirm kann ausgehen/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText(/^The screen may turn off/)).toBeInTheDocument();
  });
});

describe('orders board: a rush of guest orders', () => {
  it('warns when guests’ places are held in several slots, and pauses online orders with one tap', async () => {
    const rush = { active: true, waiting_guest_orders: 42, slots_full_for_guests: 14, guest_places: 3 };
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 1, status: 'waiting' })]), {
      'GET /api/admin/stores/13/guest-rush': { status: 200, body: rush },
      'PUT /api/admin/stores/13/pause': { status: 204 },
    });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(/42 Gastbestellungen warten auf Antwort, in 14 Zeitfenstern/);
    await user.click(within(banner).getByRole('button', { name: 'Online-Bestellungen pausieren' }));
    await within(banner).findByText(/Online-Bestellungen sind pausiert/);
    const paused = api.calls.filter((call) => call.method === 'PUT' && call.path === '/api/admin/stores/13/pause');
    expect(paused.map((call) => JSON.parse(String(call.body)) as unknown)).toEqual([{ paused: true }]);
  });

  it('shows no warning on an ordinary evening', async () => {
    const { api } = await openBoard(testBoard([boardOrder({ id: 1, status: 'waiting' })]));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/admin/stores/13/guest-rush')).toBe(true));
    expect(screen.queryByText(/Gastbestellung/)).not.toBeInTheDocument();
  });
});

describe('orders board: deciding an order', () => {
  // The fixture's order was told "12:43 UTC" (13:43 in Berlin) at checkout: staff open it 30 minutes before.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:13:00.000Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('preselects the time the customer was told: 60 minutes where the delivery area takes 60, not 30', async () => {
    // The checkout said "voraussichtlich um 14:13" (13:13 UTC): preparation plus the area's 60 minutes.
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 7, promised_at: '2026-11-23T13:13:00.000Z' })]), {
      'POST /api/admin/orders/7/accept': answered(boardOrder({ id: 7, status: 'accepted', eta_minutes: 60 })),
    });
    const dialog = await openOrder(user, 7);
    expect(dialog.getByText('Beim Bestellen genannt: 14:13')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: '60' })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.getByRole('button', { name: '30' })).toHaveAttribute('aria-pressed', 'false');
    expect(dialog.queryByText(/^Achtung/)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Annehmen – in 60 Min.' }));

    await waitFor(() => expect(posted(api.calls)).toHaveLength(1));
    expect(posted(api.calls)).toEqual([{ path: '/api/admin/orders/7/accept', body: { eta_minutes: 60 } }]);
  });

  it('rounds a told time between the quick choices up to five minutes', async () => {
    const { user } = await openBoard(testBoard([boardOrder({ id: 7, promised_at: '2026-11-23T13:00:00.000Z' })]));
    const dialog = await openOrder(user, 7);
    // 47 minutes until 14:00 in Berlin: 50, typed in the field, no quick choice pressed.
    expect(dialog.getByRole('spinbutton', { name: 'Minuten' })).toHaveValue(50);
    for (const quick of ['15', '20', '30', '45', '60']) {
      expect(dialog.getByRole('button', { name: quick })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(dialog.getByRole('button', { name: 'Annehmen – in 50 Min.' })).toBeInTheDocument();
    expect(dialog.queryByText(/^Achtung/)).not.toBeInTheDocument();
  });

  it('warns in words, German and English, before promising earlier than told, and still accepts', async () => {
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 7, promised_at: '2026-11-23T13:13:00.000Z' })]), {
      'POST /api/admin/orders/7/accept': answered(boardOrder({ id: 7, status: 'accepted', eta_minutes: 30 })),
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: '30' }));
    const warning =
      'Achtung: früher als die 14:13, die dem Kunden beim Bestellen genannt wurden. Annehmen geht trotzdem.';
    expect(dialog.getByText(warning)).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Annehmen – in 30 Min.' })).toHaveAccessibleDescription(warning);

    // Back to the told time (or later): no warning.
    await user.click(dialog.getByRole('button', { name: '60' }));
    expect(dialog.queryByText(/^Achtung/)).not.toBeInTheDocument();
    const minutes = dialog.getByRole('spinbutton', { name: 'Minuten' });
    await user.clear(minutes);
    await user.type(minutes, '59');
    expect(dialog.getByText(warning)).toBeVisible();

    await act(() => i18n.changeLanguage('en'));
    expect(
      dialog.getByText('Note: earlier than the 14:13 the customer was told at checkout. You can still accept.'),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: '30' }));
    await user.click(dialog.getByRole('button', { name: 'Accept – in 30 min' }));
    await waitFor(() => expect(posted(api.calls)).toHaveLength(1));
    expect(posted(api.calls)).toEqual([{ path: '/api/admin/orders/7/accept', body: { eta_minutes: 30 } }]);
  });

  it('keeps a pre-order to its requested time, with no told-time warning', async () => {
    const preorder = boardOrder({
      id: 7,
      requested_time: '2026-11-23T17:00:00.000Z',
      promised_at: '2026-11-23T17:00:00.000Z',
    });
    const { user } = await openBoard(testBoard([preorder]));
    const dialog = await openOrder(user, 7);
    expect(dialog.getByText('Gewünscht für 18:00.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Für 18:00 bestätigen' })).toBeInTheDocument();
    expect(dialog.queryByText(/Beim Bestellen genannt/)).not.toBeInTheDocument();
    expect(dialog.queryByText(/^Achtung/)).not.toBeInTheDocument();
  });

  it('accepts with a quick choice of minutes', async () => {
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 7 })]), {
      'POST /api/admin/orders/7/accept': answered(boardOrder({ id: 7, status: 'accepted', eta_minutes: 20 })),
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: '20' }));
    expect(dialog.getByRole('button', { name: '20' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(dialog.getByRole('button', { name: 'Annehmen – in 20 Min.' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted(api.calls)).toEqual([{ path: '/api/admin/orders/7/accept', body: { eta_minutes: 20 } }]);
    expect(cardsIn(/^In der Küche/)).toEqual([7]);
  });

  it('accepts with typed minutes', async () => {
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 7 })]), {
      'POST /api/admin/orders/7/accept': answered(boardOrder({ id: 7, status: 'accepted', eta_minutes: 25 })),
    });
    const dialog = await openOrder(user, 7);
    const minutes = dialog.getByRole('spinbutton', { name: 'Minuten' });
    await user.clear(minutes);
    await user.type(minutes, '25');
    await user.click(dialog.getByRole('button', { name: 'Annehmen – in 25 Min.' }));

    await waitFor(() => expect(posted(api.calls)).toHaveLength(1));
    expect(posted(api.calls)).toEqual([{ path: '/api/admin/orders/7/accept', body: { eta_minutes: 25 } }]);
  });

  it('does not accept with 0 minutes and says what is allowed', async () => {
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 7 })]));
    const dialog = await openOrder(user, 7);
    const minutes = dialog.getByRole('spinbutton', { name: 'Minuten' });
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.click(dialog.getByRole('button', { name: 'Annehmen – in 0 Min.' }));

    expect(await dialog.findByText('Bitte 1 bis 240 Minuten angeben.')).toBeInTheDocument();
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(posted(api.calls)).toEqual([]);
  });

  it('shows the server’s refusal inside the dialog when another device decided first', async () => {
    const message = 'Die Bestellung wurde bereits von Luigi angenommen.';
    const { user } = await openBoard(testBoard([boardOrder({ id: 7 })]), {
      'POST /api/admin/orders/7/accept': { status: 409, body: { code: 'order_already_decided', message } },
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: 'Annehmen – in 30 Min.' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Bestellung #7' })).toBeInTheDocument();
  });

  it('closes the dialog when the channel brings the accepted order before the answer does', async () => {
    const accepted = boardOrder({ id: 7, status: 'accepted', eta_minutes: 30 });
    const answer = deferred<FakeAnswer>();
    const { socket, user } = await openBoard(testBoard([boardOrder({ id: 7 })]), {
      'POST /api/admin/orders/7/accept': { wait: answer.promise },
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: 'Annehmen – in 30 Min.' }));
    act(() => socket.push({ type: 'order_updated', order: accepted }));
    // The dialog already shows the accepted order's steps, before the server has answered.
    expect(await dialog.findByRole('form', { name: 'Stornieren' })).toBeInTheDocument();
    answer.resolve(answered(accepted));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the refund the channel brought when the rejection’s older answer arrives after it', async () => {
    const paid = { payment_method: 'paypal' as const, payment_status: 'paid' as const };
    const rejected = boardOrder({ id: 7, ...paid, status: 'rejected', payment_status: 'refund_pending', revision: 1 });
    const refunded = boardOrder({ id: 7, ...paid, status: 'rejected', payment_status: 'refunded', revision: 2 });
    const answer = deferred<FakeAnswer>();
    const { socket, user } = await openBoard(testBoard([boardOrder({ id: 7, ...paid })]), {
      'POST /api/admin/orders/7/reject': { wait: answer.promise },
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('radio', { name: 'Ein Artikel ist leider ausverkauft.' }));
    await user.click(dialog.getByRole('button', { name: 'Ablehnen' }));
    act(() => socket.push({ type: 'order_updated', order: refunded }));
    answer.resolve(answered(rejected));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = document.querySelector('[data-order-id="7"]');
    expect(card).toHaveTextContent('Erstattet');
    expect(card).not.toHaveTextContent('Erstattung läuft');
  });

  it('keeps the refusal in view when the channel then brings the other device’s decision', async () => {
    const message = 'Luigi hat diese Bestellung um 19:02 angenommen.';
    const { socket, user } = await openBoard(testBoard([boardOrder({ id: 7 })]), {
      'POST /api/admin/orders/7/accept': { status: 409, body: { code: 'order_already_decided', message } },
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: 'Annehmen – in 30 Min.' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);

    act(() => socket.push({ type: 'order_updated', order: boardOrder({ id: 7, status: 'accepted' }) }));
    expect(await dialog.findByRole('button', { name: 'Unterwegs' })).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent(message);
  });

  it('rejects with a listed reason, posting the reason’s text', async () => {
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 7 })]), {
      'POST /api/admin/orders/7/reject': answered(boardOrder({ id: 7, status: 'rejected' })),
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('radio', { name: 'Ein Artikel ist leider ausverkauft.' }));
    await user.click(dialog.getByRole('button', { name: 'Ablehnen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted(api.calls)).toEqual([
      { path: '/api/admin/orders/7/reject', body: { reason: 'Ein Artikel ist leider ausverkauft.' } },
    ]);
    expect(cardsIn(/^Heute erledigt/)).toEqual([7]);
  });

  it('rejects with a typed reason', async () => {
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 7 })]), {
      'POST /api/admin/orders/7/reject': answered(boardOrder({ id: 7, status: 'rejected' })),
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('radio', { name: 'Anderer Grund' }));
    await user.type(dialog.getByRole('textbox', { name: 'Anderer Grund' }), '  Der Ofen ist ausgefallen. ');
    await user.click(dialog.getByRole('button', { name: 'Ablehnen' }));

    await waitFor(() => expect(posted(api.calls)).toHaveLength(1));
    expect(posted(api.calls)).toEqual([
      { path: '/api/admin/orders/7/reject', body: { reason: 'Der Ofen ist ausgefallen.' } },
    ]);
  });

  it('does not reject without a reason, nor with "other" left empty', async () => {
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 7 })]));
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: 'Ablehnen' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Bitte einen Grund wählen oder eingeben.');

    await user.click(dialog.getByRole('radio', { name: 'Anderer Grund' }));
    await user.type(dialog.getByRole('textbox', { name: 'Anderer Grund' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Ablehnen' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Bitte einen Grund wählen oder eingeben.');
    expect(posted(api.calls)).toEqual([]);
  });

  it.each([
    { status: 'accepted', order_type: 'delivery', button: 'Unterwegs', step: 'ready', to: 'ready' },
    { status: 'accepted', order_type: 'pickup', button: 'Fertig zur Abholung', step: 'ready', to: 'ready' },
    { status: 'ready', order_type: 'delivery', button: 'Zugestellt', step: 'complete', to: 'completed' },
    { status: 'ready', order_type: 'pickup', button: 'Abgeholt', step: 'complete', to: 'completed' },
  ] as const)('offers "$button" for a $order_type that is $status, posting $step', async (example) => {
    const order = boardOrder({ id: 7, status: example.status, order_type: example.order_type });
    const { api, user } = await openBoard(testBoard([order]), {
      [`POST /api/admin/orders/7/${example.step}`]: answered({ ...order, status: example.to }),
    });
    const dialog = await openOrder(user, 7);
    expect(
      dialog.getAllByRole('button', { name: /^(Unterwegs|Fertig zur Abholung|Zugestellt|Abgeholt)$/ }),
    ).toHaveLength(1);
    await user.click(dialog.getByRole('button', { name: example.button }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted(api.calls)).toEqual([{ path: `/api/admin/orders/7/${example.step}`, body: {} }]);
  });

  it('cancels an accepted order with a listed reason', async () => {
    const order = boardOrder({ id: 7, status: 'accepted' });
    const { api, user } = await openBoard(testBoard([order]), {
      'POST /api/admin/orders/7/cancel': answered({ ...order, status: 'cancelled' }),
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('radio', { name: 'Wir haben leider keinen Fahrer mehr frei.' }));
    await user.click(dialog.getByRole('button', { name: 'Bestellung stornieren' }));

    await waitFor(() => expect(posted(api.calls)).toHaveLength(1));
    expect(posted(api.calls)).toEqual([
      { path: '/api/admin/orders/7/cancel', body: { reason: 'Wir haben leider keinen Fahrer mehr frei.' } },
    ]);
  });

  it.each([true, false])('opens the ticket to print after accepting when print_on_accept is %s', async (print) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { api, user } = await openBoard(testBoard([boardOrder({ id: 7 })], { print_on_accept: print }), {
      'POST /api/admin/orders/7/accept': answered(boardOrder({ id: 7, status: 'accepted' })),
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: 'Annehmen – in 30 Min.' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted(api.calls)).toHaveLength(1);
    // `/order-online/admin/…` in the app; the test build's base is `/`.
    const ticket = `${import.meta.env.BASE_URL}admin/orders/7/ticket?print=1`;
    if (print) expect(open).toHaveBeenCalledExactlyOnceWith(ticket, '_blank');
    else expect(open).not.toHaveBeenCalled();
  });

  it('does not print after a step other than accepting', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const order = boardOrder({ id: 7, status: 'accepted' });
    const { api, user } = await openBoard(testBoard([order], { print_on_accept: true }), {
      'POST /api/admin/orders/7/ready': answered({ ...order, status: 'ready' }),
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: 'Unterwegs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted(api.calls)).toHaveLength(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('does not print when the accept is refused', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await openBoard(testBoard([boardOrder({ id: 7 })], { print_on_accept: true }), {
      'POST /api/admin/orders/7/accept': { status: 409, body: { code: 'order_already_decided', message: 'Schon.' } },
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: 'Annehmen – in 30 Min.' }));
    await dialog.findByRole('alert');
    expect(open).not.toHaveBeenCalled();
  });
});

describe('orders board: PayPal payments', () => {
  const paypal = (overrides: Partial<Order>) =>
    boardOrder({ payment_method: 'paypal', payment_status: 'paid', ...overrides });
  const refundCalls = (calls: RecordedCall[]) =>
    calls.filter((call) => call.method === 'POST' && call.path.endsWith('/refund')).map((call) => call.path);
  const REFUND_NOTE = 'Bezahlt mit PayPal: 32,50 € werden dem Kunden automatisch auf sein PayPal-Konto erstattet.';
  const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ');

  it('shows on each card how it is paid, a failed refund in the danger colour', async () => {
    await openBoard(
      testBoard([
        boardOrder({ id: 1 }),
        paypal({ id: 2 }),
        paypal({ id: 3, status: 'rejected', payment_status: 'refund_pending' }),
        paypal({ id: 4, status: 'cancelled', payment_status: 'refunded' }),
        paypal({ id: 5, status: 'rejected', payment_status: 'refund_failed' }),
        paypal({ id: 6, status: 'accepted', payment_status: 'reversed' }),
      ]),
    );
    const pill = (id: number) => screen.getByRole('button', { name: card(id) }).querySelector('.payment-pill');

    expect(pill(1)).toHaveTextContent('Bar');
    expect(pill(2)).toHaveTextContent('PayPal · bezahlt');
    expect(pill(3)).toHaveTextContent('Erstattung läuft');
    expect(pill(4)).toHaveTextContent('Erstattet');
    expect(pill(5)).toHaveTextContent('Erstattung fehlgeschlagen');
    expect(pill(5)).toHaveAttribute('data-payment', 'refund_failed');
    expect(pill(6)).toHaveTextContent('Zurückgebucht');
  });

  it('never shows an expired order, not even when the channel brings one', async () => {
    const { socket } = await openBoard(
      testBoard([boardOrder({ id: 1 }), paypal({ id: 2, status: 'expired', payment_status: 'unpaid' })]),
    );
    expect(screen.queryByRole('button', { name: card(2) })).not.toBeInTheDocument();

    act(() =>
      socket.push({ type: 'order_updated', order: paypal({ id: 3, status: 'expired', payment_status: 'unpaid' }) }),
    );
    act(() => socket.push({ type: 'order_updated', order: boardOrder({ id: 4, status: 'accepted' }) }));
    expect(await screen.findByRole('button', { name: card(4) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: card(3) })).not.toBeInTheDocument();
    expect(cardsIn(/^Neu/)).toEqual([1]);
  });

  it('says before rejecting or cancelling a paid PayPal order that the amount is refunded', async () => {
    const { user } = await openBoard(
      testBoard([paypal({ id: 7 }), paypal({ id: 8, status: 'accepted' }), boardOrder({ id: 9 })]),
    );
    const seven = await openOrder(user, 7);
    const reject = seven.getByRole('form', { name: 'Ablehnen' });
    expect(plain(reject.textContent)).toContain(REFUND_NOTE);
    await user.click(seven.getByRole('button', { name: 'Schließen' }));

    const eight = await openOrder(user, 8);
    expect(plain(eight.getByRole('form', { name: 'Stornieren' }).textContent)).toContain(REFUND_NOTE);
    await user.click(eight.getByRole('button', { name: 'Schließen' }));

    const nine = await openOrder(user, 9);
    expect(nine.getByRole('form', { name: 'Ablehnen' })).not.toHaveTextContent(/erstattet/);
  });

  it('does not promise a refund for a PayPal order that is not paid', async () => {
    const { user } = await openBoard(testBoard([paypal({ id: 7, payment_status: 'reversed' })]));
    const dialog = await openOrder(user, 7);
    expect(dialog.getByRole('form', { name: 'Ablehnen' })).not.toHaveTextContent(/erstattet/);
  });

  it('retries a failed refund from the order, disabled while it runs, and shows the refund under way', async () => {
    const failed = paypal({ id: 7, status: 'rejected', payment_status: 'refund_failed' });
    const answer = deferred<FakeAnswer>();
    const { api, user } = await openBoard(testBoard([failed]), {
      'POST /api/admin/orders/7/refund': { wait: answer.promise },
    });
    const dialog = await openOrder(user, 7);
    expect(dialog.getByRole('heading', { name: 'Erstattung fehlgeschlagen' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Erneut erstatten' }));

    const working = await dialog.findByRole('button', { name: 'Wird erstattet …' });
    expect(working).toBeDisabled();
    await user.click(working);
    expect(refundCalls(api.calls)).toEqual(['/api/admin/orders/7/refund']);

    answer.resolve(answered({ ...failed, payment_status: 'refund_pending' }));
    await waitFor(() =>
      // The dialog is modal: the board behind it is hidden from the accessibility tree.
      expect(
        screen.getByRole('button', { name: card(7), hidden: true }).querySelector('.payment-pill'),
      ).toHaveTextContent('Erstattung läuft'),
    );
    expect(dialog.queryByRole('button', { name: 'Erneut erstatten' })).not.toBeInTheDocument();
    expect(refundCalls(api.calls)).toEqual(['/api/admin/orders/7/refund']);
  });

  it('shows the server’s reason when the retry is refused, and a general error when it breaks', async () => {
    const failed = paypal({ id: 7, status: 'cancelled', payment_status: 'refund_failed' });
    const message = 'Für diese Bestellung gibt es nichts zu erstatten.';
    const { api, user } = await openBoard(testBoard([failed]), {
      'POST /api/admin/orders/7/refund': [
        { status: 409, body: { code: 'refund_not_possible', message } },
        { status: 502, body: 'Bad Gateway' },
      ],
    });
    const dialog = await openOrder(user, 7);
    await user.click(dialog.getByRole('button', { name: 'Erneut erstatten' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(dialog.getByRole('button', { name: 'Erneut erstatten' })).toBeEnabled();

    await user.click(dialog.getByRole('button', { name: 'Erneut erstatten' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.'),
    );
    expect(refundCalls(api.calls)).toHaveLength(2);
    // The dialog is modal: the board behind it is hidden from the accessibility tree.
    expect(
      screen.getByRole('button', { name: card(7), hidden: true }).querySelector('.payment-pill'),
    ).toHaveTextContent('Erstattung fehlgeschlagen');
  });

  it('offers no refund retry unless the refund failed', async () => {
    const { user } = await openBoard(
      testBoard([paypal({ id: 7, status: 'rejected', payment_status: 'refund_pending' })]),
    );
    const dialog = await openOrder(user, 7);
    await dialog.findByRole('article');
    expect(dialog.queryByRole('button', { name: 'Erneut erstatten' })).not.toBeInTheDocument();
  });
});

describe('orders board: the shift and its sound', () => {
  it('rings only once the shift has started, and an opened order stops ringing', async () => {
    // Just placed: the soft two-note chime.
    const { user } = await openBoard(testBoard([boardOrder({ id: 7, created_at: new Date().toISOString() })]));
    const seven = screen.getByRole('button', { name: card(7) });
    expect(seven).toHaveAttribute('data-ringing', 'true');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(FakeAudioContext.notes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Schicht starten' }));
    expect(await screen.findByText('Schicht läuft')).toBeInTheDocument();
    await waitFor(() => expect(FakeAudioContext.notes()).toHaveLength(2), { timeout: 2_000 });

    await openOrder(user, 7);
    expect(seven).toHaveAttribute('data-ringing', 'false');
  });

  it('shows a red banner while the browser blocks the sound, gone once the audio runs', async () => {
    FakeAudioContext.blockResume = true;
    const { user } = await openBoard(testBoard([]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Schicht starten' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Ton ist blockiert: neue Bestellungen klingeln nicht.',
    );

    act(() => FakeAudioContext.instances[0]?.setState('running'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a red banner while staff muted the board, and turns the sound on again from it', async () => {
    const { user } = await openBoard(testBoard([]));
    await user.click(screen.getByRole('button', { name: 'Schicht starten' }));
    // A switch that says its state, not a button whose words could be the state or the action.
    const sound = await screen.findByRole('switch', { name: 'Ton: an' });
    expect(sound).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(sound);
    expect(screen.getByRole('alert')).toHaveTextContent('Der Ton ist ausgeschaltet: neue Bestellungen klingeln nicht.');
    expect(screen.getByRole('switch', { name: 'Ton: aus' })).toHaveAttribute('aria-checked', 'false');

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Ton einschalten' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Ton: an' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('switch', { name: 'Ton: an' }));
    await user.click(screen.getByRole('switch', { name: 'Ton: aus' }));
    expect(screen.getByRole('switch', { name: 'Ton: an' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the kitchen’s board', () => {
  it('shows the orders without the manager’s tools: no day’s takings, no settings, no payments to check, no pause', async () => {
    signedInDevice('refresh-1', 'kitchen');
    const rush = { active: true, waiting_guest_orders: 4, slots_full_for_guests: 2, guest_places: 3 };
    const { api } = await openBoard(testBoard([boardOrder({ id: 7 })]), {
      'GET /api/admin/stores/13/guest-rush': { status: 200, body: rush },
    });
    expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent(
      /4 Gastbestellungen warten .* sind sie erfunden, sagen Sie es der Schichtleitung\.$/,
    );
    expect(screen.queryByRole('button', { name: 'Tageszahlen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Einstellungen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /pausieren/i })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('payment-reviews'))).toBe(false);
  });

  it('shows a shift manager the day’s takings, the settings and the payments to check', async () => {
    signedInDevice('refresh-1', 'manager');
    const { api } = await openBoard(testBoard([boardOrder({ id: 7 })]));
    expect(screen.getByRole('button', { name: 'Tageszahlen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Einstellungen' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((call) => call.path.includes('payment-reviews'))).toBe(true));
  });
});

describe('orders board: an order the customer cancels while it waits', () => {
  it('leaves "Neu" for today’s done, says the customer cancelled it, and stops ringing', async () => {
    const placed = new Date().toISOString();
    const { socket, user } = await openBoard(testBoard([boardOrder({ id: 7, created_at: placed })]));
    await user.click(screen.getByRole('button', { name: 'Schicht starten' }));
    await waitFor(() => expect(FakeAudioContext.notes()).toHaveLength(2), { timeout: 2_000 });
    await waitFor(() => expect(document.title).toMatch(/^\(1\) /));

    act(() =>
      socket.push({
        type: 'order_updated',
        order: boardOrder({ id: 7, created_at: placed, status: 'cancelled', cancelled_by: 'customer' }),
      }),
    );
    await waitFor(() => expect(cardsIn(/^Heute erledigt/)).toEqual([7]));
    expect(cardsIn(/^Neu/)).toEqual([]);
    const seven = screen.getByRole('button', { name: card(7) });
    expect(seven).toHaveAttribute('data-ringing', 'false');
    expect(within(seven).getByText('Vom Kunden storniert')).toBeInTheDocument();
    await waitFor(() => expect(document.title).not.toMatch(/^\(\d+\) /));
    // A chime would have come again by now, had the order still rung.
    await new Promise((resolve) => setTimeout(resolve, CHIME_EVERY_MS + 1_200));
    expect(FakeAudioContext.notes()).toHaveLength(2);
  }, 15_000);

  it('tells staff who have the order open not to prepare it, and offers no decision', async () => {
    const { socket, user } = await openBoard(testBoard([boardOrder({ id: 7 })]));
    const dialog = await openOrder(user, 7);
    expect(dialog.getByRole('button', { name: /^Annehmen – in \d+ Min\.$/ })).toBeInTheDocument();
    act(() =>
      socket.push({
        type: 'order_updated',
        order: boardOrder({ id: 7, status: 'cancelled', cancelled_by: 'customer' }),
      }),
    );
    expect(
      await dialog.findByText(
        'Der Kunde hat diese Bestellung storniert, bevor sie angenommen wurde. Bitte nicht zubereiten.',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /^Annehmen/ })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Ablehnen' })).not.toBeInTheDocument();
  });

  it('keeps the plain "Storniert" for an order the restaurant cancelled', async () => {
    await openBoard(testBoard([boardOrder({ id: 8, status: 'cancelled', cancelled_by: 'restaurant' })]));
    const eight = screen.getByRole('button', { name: card(8) });
    expect(within(eight).getByText('Storniert')).toBeInTheDocument();
    expect(within(eight).queryByText('Vom Kunden storniert')).not.toBeInTheDocument();
  });
});
