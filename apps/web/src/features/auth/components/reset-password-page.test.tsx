import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { changeLanguage } from '../../../i18n/index.ts';
import { usePageTitleStore } from '../../../lib/page-title.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi, startEachTestSignedOut } from '../test-api.ts';
import LoginPage from './login-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

function renderReset(route = '/reset-password?token=abc123') {
  renderWithProviders(
    <Switch>
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/login/:nextpage?" component={LoginPage} />
    </Switch>,
    { route },
  );
  return userEvent.setup();
}

const password = () => screen.getByLabelText('Neues Passwort');
const repeat = () => screen.getByLabelText('Neues Passwort wiederholen');
const save = () => screen.getByRole('button', { name: 'Passwort speichern' });

startEachTestSignedOut();

describe('reset password', () => {
  it('sets the new password with the link’s token and goes to the login with a confirmation', async () => {
    const { calls } = fakeApi({ 'POST /api/reset-password': { status: 200, body: { message: 'ok' } } });
    const user = renderReset();
    expect(usePageTitleStore.getState().title).toBe('Passwort zurücksetzen');
    await user.type(password(), 'neues-passwort-42');
    await user.type(repeat(), 'neues-passwort-42');
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.',
    );
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/reset-password');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ token: 'abc123', password: 'neues-passwort-42' });
  });

  it('checks the length and that both entries match before sending', async () => {
    const { fetchMock } = fakeApi({});
    const user = renderReset();
    expect(password()).toHaveAccessibleDescription('Mindestens 8 Zeichen und kein häufig verwendetes Passwort.');
    await user.type(password(), 'kurz');
    await user.click(save());
    expect(password()).toHaveAccessibleDescription(/Das Passwort muss mindestens 8 Zeichen lang sein\./);
    expect(password()).toHaveFocus();
    // The second entry is compared only once the first is a valid password.
    expect(repeat()).not.toHaveAttribute('aria-invalid');
    await user.type(password(), '-aber-jetzt-lang');
    await user.type(repeat(), 'etwas-anderes');
    await user.click(save());
    expect(repeat()).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein.');
    expect(repeat()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a used or expired link is invalid and offers a new one', async () => {
    fakeApi({
      'POST /api/reset-password': {
        status: 400,
        body: { message: 'Der Link ist ungültig.', code: 'invalid_reset_token' },
      },
    });
    const user = renderReset();
    await user.type(password(), 'neues-passwort-42');
    await user.type(repeat(), 'neues-passwort-42');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Link ist ungültig oder abgelaufen.');
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Neues Passwort')).not.toBeInTheDocument();
  });

  it('says so at once when the link has no token', () => {
    fakeApi({});
    renderReset('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Dieser Link ist ungültig oder abgelaufen.');
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toBeInTheDocument();
  });

  it('refuses a common password next to the field, and says when something went wrong', async () => {
    fakeApi({
      'POST /api/reset-password': [
        { status: 400, body: { message: 'Zu verbreitet', code: 'password_too_common' } },
        { status: 500, body: { message: 'Fehler', code: 'internal_error' } },
      ],
    });
    const user = renderReset();
    await user.type(password(), 'password123');
    await user.type(repeat(), 'password123');
    await user.click(save());
    expect(await screen.findByText('Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.')).toBeVisible();
    expect(password()).toHaveAccessibleDescription(/Dieses Passwort ist zu verbreitet/);
    expect(password()).toHaveFocus();
    expect(password()).toHaveValue('password123');
    expect(repeat()).toHaveValue('password123');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    );
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    fakeApi({});
    renderReset('/reset-password');
    expect(usePageTitleStore.getState().title).toBe('Reset Password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});
