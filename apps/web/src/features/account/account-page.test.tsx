import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/index.ts';
import { usePageTitleStore } from '../../lib/page-title.ts';
import { renderPage } from '../../lib/testing.tsx';
import { fakeApi, startEachTestSignedOut, TEST_USER, type FakeAnswer, type RecordedCall } from '../auth/test-api.ts';
import { logout, useSessionStore } from '../session/index.ts';
import AccountRoute from './account-page.tsx';

vi.mock('../session/logout.ts', async (original) => ({
  ...(await original<object>()),
  logout: vi.fn(),
}));

const ME = { ...TEST_USER, phone: '+4930123456' };
const SESSIONS = [
  {
    id: 2,
    device_name: 'Firefox auf Windows',
    created_at: '2026-11-20T10:00:00Z',
    last_used_at: '2026-11-21T10:00:00Z',
    current: false,
  },
  {
    id: 1,
    device_name: 'Safari auf iPhone',
    created_at: '2026-11-22T10:00:00Z',
    last_used_at: '2026-11-22T12:00:00Z',
    current: true,
  },
];

const SIGNED_IN: Record<string, FakeAnswer> = {
  'GET /api/users/me': { status: 200, body: ME },
  'GET /api/users/me/sessions': { status: 200, body: SESSIONS },
};

function signIn() {
  useSessionStore.setState({ user: { ...ME }, token: 'jwt-old', loading: false });
}

function renderAccount() {
  renderPage(<AccountRoute />, { route: '/account', exits: { '/login/:next': 'login page', '/': 'menu page' } });
  return userEvent.setup();
}

const section = (name: string) => screen.getByRole('region', { name });
const sent = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

/** A blob's text (jsdom's Blob has no `text()`). */
function blobText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no file was saved'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

startEachTestSignedOut();

describe('Mein Konto', () => {
  it('sends someone signed out to the login, which brings them back', async () => {
    fakeApi({});
    renderAccount();
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('sends a device signed out elsewhere (its token ended) to the login, forgetting its session', async () => {
    signIn();
    fakeApi({
      ...SIGNED_IN,
      'GET /api/users/me': {
        status: 401,
        body: { message: 'Bitte melden Sie sich erneut an.', code: 'session_expired' },
      },
    });
    renderAccount();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ user: null, token: null });
  });

  it('shows every section with the account as the server has it, titled Mein Konto', async () => {
    signIn();
    fakeApi(SIGNED_IN);
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Konto' })).toBeInTheDocument();
    expect(usePageTitleStore.getState().title).toBe('Mein Konto');
    for (const name of [
      'Persönliche Daten',
      'E-Mail-Adresse',
      'Passwort ändern',
      'Angemeldete Geräte',
      'Meine Daten herunterladen',
      'Konto löschen',
    ]) {
      expect(section(name)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Name')).toHaveValue('Maria Rossi');
    expect(screen.getByLabelText('Telefon (optional)')).toHaveValue('030 123456');
    expect(within(section('E-Mail-Adresse')).getByText('maria@example.com')).toBeInTheDocument();
    expect(within(section('E-Mail-Adresse')).getByText('Bestätigt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bestätigungslink erneut senden' })).not.toBeInTheDocument();
  });

  it('saves name and phone, says so, and the header’s name follows', async () => {
    signIn();
    const updated = { ...ME, customer_name: 'Maria Bianchi', phone: null };
    const { calls } = fakeApi({ ...SIGNED_IN, 'PATCH /api/users/me': { status: 200, body: updated } });
    const user = renderAccount();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Maria Bianchi');
    await user.clear(screen.getByLabelText('Telefon (optional)'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ihre Daten sind gespeichert.');
    expect(JSON.parse(String(sent(calls, 'PATCH', '/api/users/me')[0]?.body))).toEqual({
      customer_name: 'Maria Bianchi',
      phone: null,
    });
    expect(useSessionStore.getState()).toMatchObject({ token: 'jwt-old', user: { customer_name: 'Maria Bianchi' } });
    expect(JSON.parse(sessionStorage.getItem('userData') ?? '{}')).toMatchObject({
      access_token: 'jwt-old',
      user: { customer_name: 'Maria Bianchi' },
    });
  });

  it('names an empty name and a wrong phone beside their fields and sends nothing', async () => {
    signIn();
    const { calls } = fakeApi(SIGNED_IN);
    const user = renderAccount();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    const phone = screen.getByLabelText('Telefon (optional)');
    await user.clear(phone);
    await user.type(phone, '030 CALL ME');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(name).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    expect(phone).toHaveAccessibleDescription(/Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein/);
    expect(name).toHaveFocus();
    expect(sent(calls, 'PATCH', '/api/users/me')).toHaveLength(0);
  });

  it('says an address is not confirmed yet and sends its link again', async () => {
    signIn();
    const { calls } = fakeApi({
      ...SIGNED_IN,
      'GET /api/users/me': { status: 200, body: { ...ME, email_confirmed: false } },
      'POST /api/users/me/confirmation': { status: 202, body: { message: 'Wir haben Ihnen den Link geschickt.' } },
    });
    const user = renderAccount();
    const email = await screen.findByRole('region', { name: 'E-Mail-Adresse' });
    expect(within(email).getByText('Noch nicht bestätigt')).toBeInTheDocument();
    await user.click(within(email).getByRole('button', { name: 'Bestätigungslink erneut senden' }));
    expect(await within(email).findByRole('status')).toHaveTextContent('Wir haben Ihnen den Link geschickt.');
    expect(sent(calls, 'POST', '/api/users/me/confirmation')).toHaveLength(1);
  });

  it('shows the server’s word when the link was asked for too often', async () => {
    signIn();
    fakeApi({
      ...SIGNED_IN,
      'GET /api/users/me': { status: 200, body: { ...ME, email_confirmed: false } },
      'POST /api/users/me/confirmation': {
        status: 429,
        body: { message: 'Bitte warten Sie 20 Minuten.', code: 'too_many_requests' },
      },
    });
    const user = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Bestätigungslink erneut senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte warten Sie 20 Minuten.');
  });

  it('changes the address by a link to the new one and says the old one counts until then', async () => {
    signIn();
    const { calls } = fakeApi({
      ...SIGNED_IN,
      'POST /api/users/me/email': [
        { status: 409, body: { message: 'vergeben', code: 'email_taken' } },
        { status: 400, body: { message: 'Das aktuelle Passwort stimmt nicht.', code: 'wrong_password' } },
        { status: 202, body: { message: 'ok' } },
      ],
    });
    const user = renderAccount();
    const change = await screen.findByRole('region', { name: 'E-Mail-Adresse' });
    await user.click(within(change).getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    const email = within(change).getByLabelText('Neue E-Mail-Adresse');
    await user.type(email, 'Maria.Neu@Example.com');
    await user.type(within(change).getByLabelText('Aktuelles Passwort'), 'pizza-mit-oliven');
    const submit = within(change).getByRole('button', { name: 'Link an die neue Adresse senden' });

    await user.click(submit);
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Zu dieser E-Mail-Adresse gibt es schon ein Konto/));
    expect(email).toHaveFocus();

    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Das aktuelle Passwort stimmt nicht.');

    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Wir haben einen Link an maria.neu@example.com geschickt. Bis Sie ihn öffnen, gilt die bisherige Adresse.',
    );
    expect(screen.queryByLabelText('Neue E-Mail-Adresse')).not.toBeInTheDocument();
    expect(JSON.parse(String(sent(calls, 'POST', '/api/users/me/email')[2]?.body))).toEqual({
      email: 'maria.neu@example.com',
      current_password: 'pizza-mit-oliven',
    });
  });

  it('changes the password, keeps this device signed in with the new token and says the others were signed out', async () => {
    signIn();
    const { calls } = fakeApi({
      ...SIGNED_IN,
      'POST /api/users/me/password': {
        status: 200,
        body: { access_token: 'jwt-new', token_type: 'bearer', message: 'Passwort geändert.' },
      },
    });
    const user = renderAccount();
    const passwords = await screen.findByRole('region', { name: 'Passwort ändern' });
    await user.type(within(passwords).getByLabelText('Aktuelles Passwort'), 'pizza-mit-oliven');
    await user.type(within(passwords).getByLabelText('Neues Passwort'), 'calzone-mit-ei');
    await user.click(within(passwords).getByRole('button', { name: 'Passwort ändern' }));
    expect(await within(passwords).findByRole('status')).toHaveTextContent(
      'Alle anderen Geräte wurden abgemeldet; auf diesem bleiben Sie angemeldet.',
    );
    expect(JSON.parse(String(sent(calls, 'POST', '/api/users/me/password')[0]?.body))).toEqual({
      current_password: 'pizza-mit-oliven',
      password: 'calzone-mit-ei',
    });
    expect(useSessionStore.getState()).toMatchObject({ token: 'jwt-new', user: { customer_name: 'Maria Rossi' } });
    expect(within(passwords).getByLabelText('Neues Passwort')).toHaveValue('');
    // The list of devices is read again, with the new token.
    await waitFor(() => expect(sent(calls, 'GET', '/api/users/me/sessions')).toHaveLength(2));
    expect(sent(calls, 'GET', '/api/users/me/sessions')[1]?.headers.get('Authorization')).toBe('Bearer jwt-new');
  });

  it('puts a too common new password beside its field', async () => {
    signIn();
    fakeApi({
      ...SIGNED_IN,
      'POST /api/users/me/password': { status: 400, body: { message: 'x', code: 'password_too_common' } },
    });
    const user = renderAccount();
    const passwords = await screen.findByRole('region', { name: 'Passwort ändern' });
    await user.type(within(passwords).getByLabelText('Aktuelles Passwort'), 'pizza-mit-oliven');
    const next = within(passwords).getByLabelText('Neues Passwort');
    await user.type(next, 'password1');
    await user.click(within(passwords).getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(next).toHaveAccessibleDescription(/Dieses Passwort ist zu verbreitet/));
    expect(useSessionStore.getState().token).toBe('jwt-old');
  });

  it('lists the devices, this one first, and signs another out', async () => {
    signIn();
    const { calls } = fakeApi({
      ...SIGNED_IN,
      'GET /api/users/me/sessions': [
        { status: 200, body: SESSIONS },
        { status: 200, body: SESSIONS.filter((session) => session.current) },
      ],
      'DELETE /api/users/me/sessions/2': { status: 204 },
    });
    const user = renderAccount();
    const devices = await screen.findByRole('region', { name: 'Angemeldete Geräte' });
    const items = await within(devices).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Safari auf iPhone');
    expect(items[0]).toHaveTextContent('Dieses Gerät');
    expect(items[1]).toHaveTextContent('Firefox auf Windows');
    await user.click(within(devices).getByRole('button', { name: 'Firefox auf Windows abmelden' }));
    await waitFor(() => expect(within(devices).queryByText('Firefox auf Windows')).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE', '/api/users/me/sessions/2')).toHaveLength(1);
    expect(logout).not.toHaveBeenCalled();
  });

  it('signing out this device is the logout', async () => {
    signIn();
    fakeApi({ ...SIGNED_IN, 'DELETE /api/users/me/sessions/1': { status: 204 } });
    const user = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Hier abmelden' }));
    await waitFor(() => expect(logout).toHaveBeenCalledOnce());
  });

  it('downloads the data as a JSON file named after the shop and the day', async () => {
    signIn();
    const exported = {
      exported_at: '2026-11-22T12:00:00.000Z',
      shop: { name: 'Pizzeria Da Toni', url: 'https://example.com' },
      profile: {
        email: 'maria@example.com',
        customer_name: 'Maria Rossi',
        phone: null,
        language: 'de',
        created_at: '2026-11-01T10:00:00Z',
        email_confirmed_at: null,
      },
      addresses: [{ line1: 'Torstraße 1' }],
      orders: [],
      consents: [],
      sessions: [],
    };
    const { calls } = fakeApi({ ...SIGNED_IN, 'GET /api/users/me/data': { status: 200, body: exported } });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:my-data';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Meine Daten herunterladen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Die Datei ist heruntergeladen.');
    expect(names).toEqual(['meine-daten-pizzeria-da-toni-2026-11-22.json']);
    expect(JSON.parse(await blobText(blobs[0]))).toEqual(exported);
    expect(sent(calls, 'GET', '/api/users/me/data')[0]?.headers.get('Authorization')).toBe('Bearer jwt-old');
  });

  it('deletes the account after the password, then says so and forgets this device’s session', async () => {
    signIn();
    const { calls } = fakeApi({
      ...SIGNED_IN,
      'POST /api/users/me/delete': [
        {
          status: 409,
          body: {
            message:
              'Sie haben noch eine offene Bestellung. Sie können Ihr Konto löschen, sobald sie abgeschlossen ist.',
            code: 'orders_open',
          },
        },
        { status: 200, body: { message: 'Ihr Konto wurde gelöscht.' } },
      ],
    });
    const user = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Konto löschen …' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Konto wirklich löschen?' });
    expect(dialog).toHaveTextContent('Bestellungen bleiben für die Buchhaltung erhalten');
    const confirm = within(dialog).getByRole('button', { name: 'Konto endgültig löschen' });
    await user.click(confirm);
    expect(within(dialog).getByLabelText('Aktuelles Passwort')).toHaveAccessibleDescription(
      /Bitte füllen Sie dieses Feld aus\./,
    );
    expect(sent(calls, 'POST', '/api/users/me/delete')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Aktuelles Passwort'), 'pizza-mit-oliven');
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sie haben noch eine offene Bestellung.');
    expect(useSessionStore.getState().user).not.toBeNull();

    await user.click(confirm);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Konto ist gelöscht' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Ihr Konto wurde gelöscht.');
    expect(JSON.parse(String(sent(calls, 'POST', '/api/users/me/delete')[1]?.body))).toEqual({
      current_password: 'pizza-mit-oliven',
    });
    expect(useSessionStore.getState()).toMatchObject({ user: null, token: null });
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    signIn();
    fakeApi(SIGNED_IN);
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    const devices = screen.getByRole('region', { name: 'Signed-in devices' });
    expect(await within(devices).findByText('This device')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
  });
});

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  vi.mocked(logout).mockClear();
});
