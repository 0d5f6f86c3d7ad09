import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { asSignedInStaff, staffTokens } from '../test-staff.ts';
import { CsvExport } from './csv-export.tsx';

const CSV = '\uFEFFBestellnr.;Datum\r\n7;02.11.2026\r\n';

/** `fetch` for the export: the staff refresh, then the CSV (or the error) the test gives. */
function fakeServer(csvAnswer: () => Response = () => csvResponse()) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    if (path === '/api/staff/refresh') return Response.json(staffTokens('access-1', 'refresh-2'));
    if (path.startsWith('/api/admin/reports/orders.csv')) return csvAnswer();
    return Response.json({ message: `no ${init.method ?? 'GET'} ${path}`, code: 'not_found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const csvCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('orders.csv'));
  return { fetchMock, csvCalls };
}

function csvResponse(filename = 'bestellungen-2026-11-01-2026-11-30.csv') {
  return new Response(CSV, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
    },
  });
}

function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

let saved: { href: string; download: string }[];
let blobs: Blob[];

beforeEach(async () => {
  await asSignedInStaff();
  saved = [];
  blobs = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:csv-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillRange(from: string, to: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('Von'));
  await user.type(screen.getByLabelText('Von'), from);
  await user.clear(screen.getByLabelText('Bis'));
  await user.type(screen.getByLabelText('Bis'), to);
  return user;
}

describe('CSV export', () => {
  it('starts with the current month and a decimal comma, and saves the file under the server’s name', async () => {
    const server = fakeServer();
    renderWithProviders(<CsvExport />);
    const now = new Date();
    const from = isoDate(new Date(now.getFullYear(), now.getMonth(), 1));
    const to = isoDate(new Date(now.getFullYear(), now.getMonth() + 1, 0));
    expect(screen.getByLabelText('Von')).toHaveValue(from);
    expect(screen.getByLabelText('Bis')).toHaveValue(to);
    expect(screen.getByRole('radio', { name: /Komma/ })).toBeChecked();

    await userEvent.setup().click(screen.getByRole('button', { name: 'CSV herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [input, init] = server.csvCalls()[0] ?? [];
    expect(String(input)).toBe(`/api/admin/reports/orders.csv?from=${from}&to=${to}&decimal=comma`);
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer access-1');
    expect(headers.get('accept-language')).toBe('de');
    expect(saved[0]).toEqual({ href: 'blob:csv-1', download: 'bestellungen-2026-11-01-2026-11-30.csv' });
    // The bytes as the server sent them, byte order mark included, for Excel.
    expect(blobs[0]?.size).toBe(new TextEncoder().encode(CSV).length);
  });

  it('asks for a decimal point when chosen', async () => {
    const server = fakeServer();
    renderWithProviders(<CsvExport />);
    const user = await fillRange('2026-01-01', '2026-03-31');
    await user.click(screen.getByRole('radio', { name: /Punkt/ }));
    await user.click(screen.getByRole('button', { name: 'CSV herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(String(server.csvCalls()[0]?.[0])).toBe(
      '/api/admin/reports/orders.csv?from=2026-01-01&to=2026-03-31&decimal=point',
    );
  });

  it('says so when the end lies before the start, without asking the server', async () => {
    const server = fakeServer();
    renderWithProviders(<CsvExport />);
    const user = await fillRange('2026-11-30', '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'CSV herunterladen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das Startdatum liegt nach dem Enddatum.');
    expect(server.csvCalls()).toHaveLength(0);
    expect(saved).toHaveLength(0);
  });

  it('refuses more than a year in English', async () => {
    await i18n.changeLanguage('en');
    const server = fakeServer();
    renderWithProviders(<CsvExport />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2025-01-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-01-02');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An export covers at most 366 days.');
    expect(server.csvCalls()).toHaveLength(0);
  });

  it('shows the server’s refusal in the staff’s language and a failure as such', async () => {
    let answer = () =>
      Response.json(
        { message: 'Ein Export umfasst höchstens 366 Tage.', code: 'report_range_too_long' },
        { status: 400 },
      );
    fakeServer(() => answer());
    renderWithProviders(<CsvExport />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'CSV herunterladen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ein Export umfasst höchstens 366 Tage.');

    answer = () => Response.json({ message: 'kaputt', code: 'internal_error' }, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'CSV herunterladen' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Die Datei konnte nicht erstellt werden.'));
    expect(saved).toHaveLength(0);
  });
});
