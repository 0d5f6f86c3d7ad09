import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { createTestQueryClient } from '../../../lib/testing.tsx';
import { fakeApi, type RecordedCall } from '../../auth/test-api.ts';
import { staffTokens } from '../test-staff.ts';
import { useBoard } from './api/board-query.ts';
import { useBoardConnection } from './board-connection.ts';
import { boardOrder, setUpBoardTests, testBoard } from './test-board.ts';

const BOARD_PATH = '/api/admin/stores/13/board';
const sockets = setUpBoardTests();

afterEach(() => {
  vi.useRealTimers();
});

const boardReads = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === BOARD_PATH).length;
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The board's list and its channel, as the page holds them. */
function openBoardChannel() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
  return renderHook(
    () => {
      useBoard();
      return useBoardConnection();
    },
    { wrapper },
  );
}

describe('the board’s live channel', () => {
  it('is live again within 2 s of the server coming back from a long restart, and reads the list again', async () => {
    vi.useFakeTimers();
    // The jitter at its longest: the board must not rely on luck.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const api = fakeApi({
      'POST /api/staff/refresh': { status: 200, body: staffTokens('access-1', 'refresh-2') },
      [`GET ${BOARD_PATH}`]: { status: 200, body: testBoard([boardOrder({ id: 1 })]) },
    });
    const board = openBoardChannel();
    const goLive = async () => {
      const socket = sockets().latest();
      act(() => socket.open());
      await elapse(0);
      expect(socket.sent).toEqual([{ type: 'auth', access_token: 'access-1' }]);
      act(() => socket.push({ type: 'ready' }));
      await elapse(0);
    };
    await goLive();
    expect(board.result.current.status).toBe('live');
    const readsBefore = boardReads(api.calls);

    // The server goes down for 40 s: every attempt meanwhile is refused at once.
    act(() => sockets().latest().drop());
    expect(board.result.current.status).toBe('offline');
    for (let waited = 0; waited < 40_000; waited += 250) {
      const latest = sockets().latest();
      if (latest.readyState === 0) act(() => latest.drop());
      await elapse(250);
    }
    const attemptsWhileDown = sockets().sockets.length;

    // Back: the next attempt comes within 2 s and gets through.
    const last = sockets().latest();
    if (last.readyState === 0) act(() => last.drop());
    await elapse(2_000);
    expect(sockets().sockets.length).toBeGreaterThan(attemptsWhileDown);
    await goLive();
    expect(board.result.current).toEqual({ status: 'live', downSince: null });
    expect(boardReads(api.calls)).toBe(readsBefore + 1);
    board.unmount();
  });
});
