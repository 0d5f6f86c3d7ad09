import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { useStoreStatus, type StoreStatusView } from '../store-status-store.ts';
import { testStoreQuery } from '../../store/test-store.ts';
import { ClosedTodayNotice } from './closed-today-notice.tsx';
import { StoreStatusPill } from './store-status-pill.tsx';

afterEach(async () => {
  await changeLanguage('de');
  useStoreStatus.setState({ status: { kind: 'connecting' }, revision: 0 });
});

const cases: [StoreStatusView, string, string][] = [
  [{ kind: 'connecting' }, 'Öffnungszeiten werden geprüft …', 'Checking opening hours …'],
  [{ kind: 'open', closesAt: '22:00' }, 'Jetzt geöffnet · bis 22:00', 'Open now · until 22:00'],
  [{ kind: 'opens_at', time: '17:00' }, 'Öffnet um 17:00', 'Opens at 17:00'],
  [{ kind: 'closed_today', reopens: null }, 'Heute geschlossen', 'Closed for today'],
  [{ kind: 'paused', until: '18:30' }, 'Online-Bestellungen pausiert bis 18:30', 'Online ordering paused until 18:30'],
  [{ kind: 'paused', until: null }, 'Online-Bestellungen pausiert', 'Online ordering paused'],
  [
    { kind: 'paused', until: null, auto: true },
    'Online-Bestellungen gerade nicht möglich – bitte rufen Sie uns an',
    'Online ordering unavailable right now – please call us',
  ],
  [
    { kind: 'closure', reason: 'Betriebsferien', reopens: null },
    'Heute geschlossen: Betriebsferien',
    'Closed today: Betriebsferien',
  ],
  [{ kind: 'closure', reason: null, reopens: null }, 'Heute geschlossen', 'Closed for today'],
  [{ kind: 'reconnecting' }, 'Geschlossen – Verbindung wird wiederhergestellt …', 'Closed – reconnecting …'],
  [{ kind: 'unavailable' }, 'Geschlossen – Status gerade nicht abrufbar', 'Closed – status unavailable right now'],
];

describe('the store status pill', () => {
  it.each(cases)('says %j in German and English', async (status, german, english) => {
    useStoreStatus.setState({ status });
    renderWithProviders(<StoreStatusPill />, { queryData: [testStoreQuery] });
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText(german)).toBeInTheDocument();
    await act(() => changeLanguage('en'));
    expect(screen.getByText(english)).toBeInTheDocument();
  });

  it('offers pre-ordering while a later time today may be free, not when the day is over', () => {
    useStoreStatus.setState({ status: { kind: 'opens_at', time: '17:00' } });
    renderWithProviders(<StoreStatusPill />, { queryData: [testStoreQuery] });
    const hint = /Vorbestellen für später heute ist möglich/;
    expect(screen.getByRole('status')).toHaveTextContent(hint);
    act(() => useStoreStatus.setState({ status: { kind: 'paused', until: '18:30' } }));
    expect(screen.getByRole('status')).toHaveTextContent(hint);
    for (const status of [
      { kind: 'open', closesAt: '22:00' },
      { kind: 'closed_today', reopens: null },
      { kind: 'paused', until: null },
      { kind: 'paused', until: null, auto: true },
      { kind: 'reconnecting' },
    ] satisfies StoreStatusView[]) {
      act(() => useStoreStatus.setState({ status }));
      expect(screen.getByRole('status')).not.toHaveTextContent(hint);
    }
  });

  it('updates in place as the live status changes', () => {
    renderWithProviders(<StoreStatusPill />, { queryData: [testStoreQuery] });
    const region = screen.getByRole('status');
    act(() => useStoreStatus.setState({ status: { kind: 'open', closesAt: '22:00' } }));
    expect(region).toHaveTextContent('Jetzt geöffnet · bis 22:00');
    expect(region).toHaveAttribute('data-tone', 'open');
    act(() => useStoreStatus.setState({ status: { kind: 'reconnecting' } }));
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Geschlossen – Verbindung wird wiederhergestellt …');
  });
});

describe('when the restaurant opens again', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says so under a store closed for the rest of today, in German and English', async () => {
    // Sunday 22 November 2026, 15:00 in Berlin: the test store opens on Mondays at 11:30.
    vi.useFakeTimers({ now: new Date('2026-11-22T14:00:00Z'), toFake: ['Date'] });
    useStoreStatus.setState({ status: { kind: 'closed_today', reopens: { date: '2026-11-23', time: '11:30' } } });
    renderWithProviders(<StoreStatusPill />, { queryData: [testStoreQuery] });
    expect(
      screen.getByText('Wieder geöffnet morgen ab 11:30. Sie können schon jetzt vorbestellen.'),
    ).toBeInTheDocument();
    await act(() => changeLanguage('en'));
    expect(screen.getByText('Open again tomorrow from 11:30. You can pre-order now.')).toBeInTheDocument();
  });

  it('names the day when it is not tomorrow', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T14:00:00Z'), toFake: ['Date'] });
    useStoreStatus.setState({
      status: { kind: 'closure', reason: 'Betriebsferien', reopens: { date: '2026-11-27', time: '11:30' } },
    });
    renderWithProviders(<StoreStatusPill />, { queryData: [testStoreQuery] });
    expect(screen.getByText(/^Wieder geöffnet am Freitag, 27.11. ab 11:30. Sie können/)).toBeInTheDocument();
  });

  it('offers pre-ordering only for a day inside the store’s window', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T14:00:00Z'), toFake: ['Date'] });
    useStoreStatus.setState({
      status: { kind: 'closure', reason: 'Betriebsferien', reopens: { date: '2026-12-07', time: '11:30' } },
    });
    renderWithProviders(<StoreStatusPill />, { queryData: [testStoreQuery] });
    expect(screen.getByText('Wieder geöffnet am Montag, 7.12. ab 11:30.')).toBeInTheDocument();
  });

  it('says nothing of it while the store opens later today', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T08:00:00Z'), toFake: ['Date'] });
    useStoreStatus.setState({ status: { kind: 'opens_at', time: '11:30' } });
    renderWithProviders(<StoreStatusPill />, { queryData: [testStoreQuery] });
    expect(screen.queryByText(/Wieder geöffnet/)).not.toBeInTheDocument();
  });
});

describe('the cart’s notice', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says no more orders are taken today, and when the restaurant opens again', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T14:00:00Z'), toFake: ['Date'] });
    useStoreStatus.setState({ status: { kind: 'closed_today', reopens: { date: '2026-11-23', time: '11:30' } } });
    renderWithProviders(<ClosedTodayNotice />, { queryData: [testStoreQuery] });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Heute nehmen wir keine Bestellungen mehr an. Wieder geöffnet morgen ab 11:30. Sie können schon jetzt vorbestellen.',
    );
  });

  it('is not there while the restaurant is open', () => {
    useStoreStatus.setState({ status: { kind: 'open', closesAt: '22:00' } });
    renderWithProviders(<ClosedTodayNotice />, { queryData: [testStoreQuery] });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
