import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/index.ts';
import { usePageTitleStore } from '../../lib/page-title.ts';
import { renderPage } from '../../lib/testing.tsx';
import { fakeApi, startEachTestSignedOut, TEST_USER } from '../auth/test-api.ts';
import { useSessionStore } from '../session/index.ts';
import ConfirmEmailPage from './confirm-email-page.tsx';

const CONFIRMED = { status: 200, body: { message: 'Ihre E-Mail-Adresse ist bestätigt.' } };
const INVALID = {
  status: 400,
  body: {
    message: 'Dieser Link ist ungültig oder abgelaufen; bitte fordern Sie einen neuen an.',
    code: 'invalid_confirmation_token',
  },
};

function renderConfirm(route = '/confirm-email?token=abc123') {
  renderPage(<ConfirmEmailPage />, { route, path: '/confirm-email' });
  return userEvent.setup();
}

startEachTestSignedOut();

describe('confirming an e-mail address', () => {
  it('sends the link’s token once and says the address is confirmed, with the way to the login', async () => {
    const { calls } = fakeApi({ 'POST /api/confirm-email': CONFIRMED });
    renderConfirm();
    expect(screen.getByRole('status')).toHaveTextContent('Ihre Adresse wird bestätigt …');
    expect(await screen.findByText('Ihre E-Mail-Adresse ist bestätigt.')).toBeInTheDocument();
    expect(usePageTitleStore.getState().title).toBe('E-Mail-Adresse bestätigen');
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ token: 'abc123' });
  });

  it('signed in here, reads the account again (its address may have changed) and leads to Mein Konto', async () => {
    useSessionStore.setState({ user: { ...TEST_USER, email_confirmed: false }, token: 'jwt', loading: false });
    const changed = { ...TEST_USER, email: 'maria.neu@example.com', email_confirmed: true };
    const { calls } = fakeApi({
      'POST /api/confirm-email': CONFIRMED,
      'GET /api/users/me': { status: 200, body: changed },
    });
    renderConfirm();
    expect(await screen.findByRole('link', { name: 'Zu Mein Konto' })).toHaveAttribute('href', '/account');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/confirm-email',
      'GET /api/users/me',
    ]);
    expect(useSessionStore.getState()).toMatchObject({
      token: 'jwt',
      user: { email: 'maria.neu@example.com', email_confirmed: true },
    });
  });

  it('says a used or expired link is no good and, signed out, that logging in sends a new one', async () => {
    fakeApi({ 'POST /api/confirm-email': INVALID });
    renderConfirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Link ist ungültig oder abgelaufen.');
    expect(screen.getByText(/schicken wir Ihnen dabei einen neuen Link/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
  });

  it('signed in, asks for a new link from the invalid one', async () => {
    useSessionStore.setState({ user: { ...TEST_USER, email_confirmed: false }, token: 'jwt', loading: false });
    const { calls } = fakeApi({
      'POST /api/confirm-email': INVALID,
      'POST /api/users/me/confirmation': {
        status: 202,
        body: { message: 'Wir haben Ihnen einen neuen Link geschickt.' },
      },
    });
    const user = renderConfirm();
    await user.click(await screen.findByRole('button', { name: 'Neuen Link senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Wir haben Ihnen einen neuen Link geschickt.');
    expect(calls.filter((call) => call.path === '/api/users/me/confirmation')).toHaveLength(1);
  });

  it('without a token sends nothing and says the link is no good', () => {
    const { fetchMock } = fakeApi({});
    renderConfirm('/confirm-email');
    expect(screen.getByRole('alert')).toHaveTextContent('Dieser Link ist ungültig oder abgelaufen.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows another refusal in the server’s words, and speaks English', async () => {
    await changeLanguage('en');
    fakeApi({
      'POST /api/confirm-email': {
        status: 409,
        body: { message: 'That address now belongs to another account.', code: 'email_taken' },
      },
    });
    renderConfirm();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm email address' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('That address now belongs to another account.'),
    );
    expect(screen.getByRole('link', { name: 'Go to the menu' })).toHaveAttribute('href', '/');
  });
});
