import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/index.ts';
import { usePageTitleStore } from '../../../lib/page-title.ts';
import { renderPage } from '../../../lib/testing.tsx';
import { useSessionStore } from '../../session/index.ts';
import { reloadHome } from '../reload-home.ts';
import { deviceName } from '../device-name.ts';
import { KNOWN_DEVICES_KEY } from '../known-devices.ts';
import { fakeApi, startEachTestSignedOut, TEST_USER } from '../test-api.ts';
import RegisterPage from './register-page.tsx';

vi.mock('../reload-home.ts', () => ({ reloadHome: vi.fn() }));

/** The new account with this device's sign-in (registerResponseSchema). */
const CREATED = {
  status: 201,
  body: {
    ...TEST_USER,
    email_confirmed: false,
    access_token: 'jwt-new',
    token_type: 'bearer',
    device_token: 'device-1',
  },
};

function renderRegister(route = '/register') {
  renderPage(<RegisterPage />, { route, path: '/register', exits: { '/checkout': 'checkout page' } });
  return userEvent.setup();
}

const name = () => screen.getByLabelText('Name');
const email = () => screen.getByLabelText('E-Mail-Adresse');
const password = () => screen.getByLabelText('Passwort');
const phone = () => screen.getByLabelText('Telefon (optional)');
const submit = () => screen.getByRole('button', { name: 'Konto anlegen' });

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: { phone?: string; password?: string } = {}) {
  await user.type(name(), 'Maria Rossi');
  await user.type(email(), 'Maria@Example.com');
  await user.type(password(), values.password ?? 'pizza-mit-oliven');
  if (values.phone) await user.type(phone(), values.phone);
}

startEachTestSignedOut();

describe('registration', () => {
  it('is titled Register and shows the password rules before anything goes wrong', () => {
    fakeApi({});
    renderRegister();
    expect(usePageTitleStore.getState().title).toBe('Registrieren');
    expect(password()).toHaveAccessibleDescription('Mindestens 8 Zeichen und kein häufig verwendetes Passwort.');
    expect(phone()).toHaveAccessibleDescription('Mit Vorwahl, z. B. 0170 1234567.');
  });

  it('names every missing or wrong field next to it and sends nothing', async () => {
    const { fetchMock } = fakeApi({});
    const user = renderRegister();
    await user.click(submit());
    expect(name()).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    expect(email()).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    expect(password()).toHaveAccessibleDescription(/Das Passwort|Bitte füllen/);
    expect(name()).toHaveFocus();

    await user.type(email(), 'not-an-email');
    await user.type(password(), 'short');
    await user.type(phone(), '030 CALL ME');
    await user.click(submit());
    expect(email()).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription(/Das Passwort muss mindestens 8 Zeichen lang sein\./);
    expect(phone()).toHaveAccessibleDescription(/Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the account, is signed in by its answer and reloads the home', async () => {
    const { calls } = fakeApi({ 'POST /api/register/customer': CREATED });
    const user = renderRegister();
    await fillIn(user, { phone: '+49 170 1234 5678' });
    await user.click(submit());
    await waitFor(() => expect(reloadHome).toHaveBeenCalledOnce());

    expect(calls).toHaveLength(1);
    const [created] = calls;
    expect(created?.path).toBe('/api/register/customer');
    expect(JSON.parse(String(created?.body))).toEqual({
      customer_name: 'Maria Rossi',
      email: 'maria@example.com',
      password: 'pizza-mit-oliven',
      phone: '+4917012345678',
      device_name: deviceName(),
    });
    expect(useSessionStore.getState()).toMatchObject({
      token: 'jwt-new',
      user: { customer_name: 'Maria Rossi', email_confirmed: false },
    });
    expect(JSON.parse(localStorage.getItem(KNOWN_DEVICES_KEY) ?? '{}')).toEqual({ 'maria@example.com': 'device-1' });
  });

  it('leaves out an empty phone and goes on to ?next=', async () => {
    const { calls } = fakeApi({ 'POST /api/register/customer': CREATED });
    const user = renderRegister('/register?next=checkout');
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]?.body))).not.toHaveProperty('phone');
    expect(reloadHome).not.toHaveBeenCalled();
  });

  it('says next to the email that it is taken, with a way to log in, and keeps the form', async () => {
    fakeApi({
      'POST /api/register/customer': { status: 409, body: { message: 'E-Mail vergeben', code: 'email_taken' } },
    });
    const user = renderRegister();
    await fillIn(user);
    await user.click(submit());
    await waitFor(() =>
      expect(email()).toHaveAccessibleDescription(/Zu dieser E-Mail-Adresse gibt es schon ein Konto\./),
    );
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(name()).toHaveValue('Maria Rossi');
    expect(password()).toHaveValue('pizza-mit-oliven');
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('puts the server’s refusal of the email on that field with the focus, and typing there clears it', async () => {
    fakeApi({
      'POST /api/register/customer': { status: 409, body: { message: 'E-Mail vergeben', code: 'email_taken' } },
    });
    const user = renderRegister();
    await fillIn(user);
    await user.click(submit());
    await waitFor(() => expect(email()).toHaveAttribute('aria-invalid', 'true'));
    expect(email()).toHaveFocus();
    expect(name()).not.toHaveAttribute('aria-invalid');
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(email(), 'x');
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(email()).not.toHaveAccessibleDescription(/Zu dieser E-Mail-Adresse/);
  });

  it('takes the refusal of the last attempt away when the form is sent again and is still wrong', async () => {
    fakeApi({
      'POST /api/register/customer': {
        status: 400,
        body: { message: 'Die Anfrage ist ungültig.', code: 'invalid_request' },
      },
    });
    const user = renderRegister();
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Anfrage ist ungültig.');
    await user.clear(name());
    await user.click(submit());
    expect(name()).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    expect(name()).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a field’s error in the language the page speaks now', async () => {
    fakeApi({});
    const user = renderRegister();
    await user.click(submit());
    expect(name()).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    await changeLanguage('en');
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please fill out this field.'),
    );
  });

  it('says next to the password that it is too common', async () => {
    fakeApi({
      'POST /api/register/customer': {
        status: 400,
        body: { message: 'Zu verbreitet', code: 'password_too_common' },
      },
    });
    const user = renderRegister();
    await fillIn(user, { password: 'password1' });
    await user.click(submit());
    await waitFor(() =>
      expect(password()).toHaveAccessibleDescription(
        /Dieses Passwort ist zu verbreitet\. Bitte wählen Sie ein anderes\./,
      ),
    );
    expect(password()).toHaveFocus();
    expect(email()).not.toHaveAttribute('aria-invalid');
  });

  it('shows any other refusal of the server, and something went wrong on a failure', async () => {
    fakeApi({
      'POST /api/register/customer': [
        { status: 400, body: { message: 'Die Anfrage ist ungültig.', code: 'invalid_request' } },
        { networkError: true },
      ],
    });
    const user = renderRegister();
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Anfrage ist ungültig.');
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen'));
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    fakeApi({});
    const user = renderRegister();
    expect(usePageTitleStore.getState().title).toBe('Register');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please fill out this field.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      /At least 8 characters and not a common password\./,
    );
  });
});
