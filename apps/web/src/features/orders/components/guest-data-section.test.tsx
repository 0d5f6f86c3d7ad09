import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi, startEachTestSignedOut } from '../../auth/test-api.ts';
import { orderQueryOptions } from '../api/get-order.ts';
import { testOrder } from '../test-order.ts';
import '../register-texts.ts';
import { GuestDataSection } from './guest-data-section.tsx';

const ERASE = '/api/orders/5/erase?token=secret%2Ftoken';
const DATA = '/api/orders/5/personal-data?token=secret%2Ftoken';

function renderSection() {
  const rendered = renderWithProviders(<GuestDataSection id={5} token="secret/token" />, {
    queryData: [[orderQueryOptions(5, 'secret/token').queryKey, testOrder]],
  });
  return { ...rendered, user: userEvent.setup() };
}

startEachTestSignedOut();

describe('a guest’s data on the order page', () => {
  it('downloads this order’s data with the tracking token as a JSON file', async () => {
    const exported = {
      exported_at: '2026-11-22T12:00:00Z',
      shop: { name: 'Pizzeria', url: 'https://example.com' },
      profile: null,
      addresses: [],
      orders: [{ id: 5 }],
      consents: [],
      sessions: [],
    };
    const { calls } = fakeApi({ [`GET ${DATA}`]: { status: 200, body: exported } });
    const created = vi.fn((_blob: Blob) => 'blob:guest');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Meine Daten herunterladen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Die Datei ist heruntergeladen.');
    expect(names).toEqual(['meine-daten-pizzeria-2026-11-22.json']);
    expect(created).toHaveBeenCalledOnce();
    expect(calls[0]?.path).toBe(DATA);
  });

  it('asks before erasing; keeping the data sends nothing', async () => {
    const { fetchMock } = fakeApi({});
    const { user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Meine Daten löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ihre Daten löschen?' });
    expect(dialog).toHaveTextContent('Die Bestellung selbst bewahren wir für die Buchhaltung auf');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says an open order blocks it, and after erasing says so and reads the order again', async () => {
    const open = 'Ihre Bestellung ist noch offen. Sie können Ihre Daten löschen, sobald sie abgeschlossen ist.';
    const { calls } = fakeApi({
      [`POST ${ERASE}`]: [
        { status: 409, body: { message: open, code: 'orders_open' } },
        { status: 200, body: { message: 'Ihre Daten wurden gelöscht.' } },
      ],
    });
    const { user, queryClient } = renderSection();
    const erase = async () => {
      await user.click(screen.getByRole('button', { name: 'Meine Daten löschen' }));
      await user.click(await screen.findByRole('button', { name: 'Daten löschen' }));
    };
    await erase();
    expect(await screen.findByRole('alert')).toHaveTextContent(open);

    await erase();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ihre Daten wurden gelöscht. Was noch gespeichert ist, sehen Sie oben auf dieser Seite.',
    );
    expect(screen.queryByRole('button', { name: 'Meine Daten löschen' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path === ERASE)).toHaveLength(2);
    expect(queryClient.getQueryState(orderQueryOptions(5, 'secret/token').queryKey)?.isInvalidated).toBe(true);
  });
});
