import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/index.ts';
import { usePageTitleStore } from '../../../lib/page-title.ts';
import { renderPage } from '../../../lib/testing.tsx';
import { useSessionStore } from '../../session/index.ts';
import { reloadHome } from '../reload-home.ts';
import { deferred, type FakeAnswer, fakeApi, LOGIN_OK, startEachTestSignedOut, TEST_USER } from '../test-api.ts';
import LoginPage from './login-page.tsx';

vi.mock('../reload-home.ts', () => ({ reloadHome: vi.fn() }));

function renderLogin(route = '/login') {
  return renderPage(<LoginPage />, {
    route,
    path: '/login/:nextpage?',
    exits: { '/update-address': 'address page' },
  });
}

async function logIn(email = 'maria@example.com', password = 'secret-pass') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-Mail-Adresse'), email);
  await user.type(screen.getByLabelText('Passwort'), password);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  return user;
}

startEachTestSignedOut();

describe('login page', () => {
  it('is titled Login and offers the guest, register and forgot-password ways', () => {
    fakeApi({});
    renderLogin();
    expect(usePageTitleStore.getState().title).toBe('Anmelden');
    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen zurück' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Als Gast bestellen' })).toHaveAttribute('href', '/guest-login');
    expect(screen.getByRole('link', { name: 'Jetzt registrieren' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('posts the form data as entered, reads the user, saves the session and reloads the home', async () => {
    const { calls } = fakeApi(LOGIN_OK);
    renderLogin();
    await logIn('Maria@Example.com', 'secret-pass');
    await waitFor(() => expect(reloadHome).toHaveBeenCalledOnce());

    const [post, me] = calls;
    expect(post?.method).toBe('POST');
    expect(post?.path).toBe('/api/login');
    const form = post?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('username')).toBe('Maria@Example.com');
    expect(form.get('password')).toBe('secret-pass');
    expect(me?.path).toBe('/api/users/me');
    expect(me?.headers.get('Authorization')).toBe('Bearer jwt-new');

    expect(JSON.parse(sessionStorage.getItem('userData') ?? '{}')).toEqual({
      access_token: 'jwt-new',
      user: TEST_USER,
    });
    expect(useSessionStore.getState()).toMatchObject({ token: 'jwt-new', user: { customer_name: 'Maria Rossi' } });
  });

  it('disables the button and says it is logging in while the request is on its way', async () => {
    const held = deferred<FakeAnswer>();
    fakeApi({ ...LOGIN_OK, 'POST /api/login': { wait: held.promise } });
    renderLogin();
    await logIn();
    const button = screen.getByRole('button', { name: 'Anmeldung läuft …' });
    expect(button).toBeDisabled();
    held.resolve({ status: 200, body: { access_token: 'jwt-new', token_type: 'bearer' } });
    await waitFor(() => expect(reloadHome).toHaveBeenCalledOnce());
  });

  it('goes on to nextpage instead of reloading the home', async () => {
    fakeApi(LOGIN_OK);
    renderLogin('/login/update-address');
    await logIn();
    expect(await screen.findByText('address page')).toBeInTheDocument();
    expect(reloadHome).not.toHaveBeenCalled();
  });

  it('keeps the registration link on the way to nextpage', () => {
    fakeApi({});
    renderLogin('/login/update-address');
    expect(screen.getByRole('link', { name: 'Jetzt registrieren' })).toHaveAttribute(
      'href',
      '/register?next=update-address',
    );
  });

  it('says Invalid credentials when the refusal has no message, and keeps what was typed', async () => {
    fakeApi({ 'POST /api/login': { status: 401 } });
    renderLogin();
    await logIn('maria@example.com', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ungültige Anmeldedaten');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('maria@example.com');
    expect(screen.getByLabelText('Passwort')).toHaveValue('wrong-pass');
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it('shows the server’s own message, e.g. throttling with its retry time', async () => {
    const message = 'Zu viele Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';
    fakeApi({ 'POST /api/login': { status: 429, body: { message, code: 'too_many_attempts' } } });
    renderLogin();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('sends staff to the back office in the server’s words, and signs nobody in', async () => {
    const message = 'Dieses Konto gehört zum Team des Restaurants. Bitte melden Sie sich im Back Office an.';
    fakeApi({ 'POST /api/login': { status: 403, body: { message, code: 'staff_use_back_office' } } });
    renderLogin();
    await logIn('chef@example.com', 'kitchen-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(sessionStorage.getItem('userData')).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('says an unconfirmed address needs its link first, and what to do, signing nobody in', async () => {
    const message =
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Wir haben Ihnen den Link gerade (noch einmal) geschickt.';
    fakeApi({ 'POST /api/login': { status: 403, body: { message, code: 'email_not_confirmed' } } });
    renderLogin();
    await logIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('Öffnen Sie den Link in der E-Mail und melden Sie sich dann hier an.');
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('says something went wrong when the request fails', async () => {
    fakeApi({ 'POST /api/login': { networkError: true } });
    renderLogin();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    );
    expect(reloadHome).not.toHaveBeenCalled();
  });

  it('does not sign in when the user cannot be read after the token came', async () => {
    fakeApi({ ...LOGIN_OK, 'GET /api/users/me': { status: 500, body: { message: 'x', code: 'internal_error' } } });
    renderLogin();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen');
    expect(sessionStorage.getItem('userData')).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('speaks English: Invalid credentials, Something went wrong and Logging in...', async () => {
    await changeLanguage('en');
    const held = deferred<FakeAnswer>();
    fakeApi({ 'POST /api/login': [{ wait: held.promise }, { networkError: true }] });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    held.resolve({ status: 401 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(usePageTitleStore.getState().title).toBe('Login');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
  });

  it('confirms a changed password after a reset', () => {
    fakeApi({});
    renderLogin('/login?reset=done');
    expect(screen.getByRole('status')).toHaveTextContent('Ihr Passwort wurde geändert');
  });
});
