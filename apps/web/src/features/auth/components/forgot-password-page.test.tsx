import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/index.ts';
import { usePageTitleStore } from '../../../lib/page-title.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi, startEachTestSignedOut } from '../test-api.ts';
import ForgotPasswordPage from './forgot-password-page.tsx';

const SENT = { status: 200, body: { message: 'Wenn es ein Konto gibt, kommt eine E-Mail.' } };

startEachTestSignedOut();

describe('forgot password', () => {
  it('asks for a valid email before sending anything', async () => {
    const { fetchMock } = fakeApi({});
    renderWithProviders(<ForgotPasswordPage />);
    expect(usePageTitleStore.getState().title).toBe('Passwort vergessen');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the email and always answers with the same confirmation', async () => {
    const { calls } = fakeApi({ 'POST /api/forgot-password': SENT });
    renderWithProviders(<ForgotPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'Maria@Example.com');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Bitte prüfen Sie Ihr Postfach');
    expect(status).toHaveTextContent('Wenn zu maria@example.com ein Kundenkonto besteht');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ email: 'maria@example.com' });
    expect(screen.queryByLabelText('E-Mail-Adresse')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/login');
  });

  it('says so when the request fails, keeping the email', async () => {
    fakeApi({
      'POST /api/forgot-password': [
        { status: 429, body: { message: 'Bitte warten Sie eine Minute.', code: 'too_many_attempts' } },
        { networkError: true },
      ],
    });
    renderWithProviders(<ForgotPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte warten Sie eine Minute.');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByText('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('maria@example.com');
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    fakeApi({ 'POST /api/forgot-password': SENT });
    renderWithProviders(<ForgotPasswordPage />);
    expect(usePageTitleStore.getState().title).toBe('Forgot Password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for maria@example.com');
  });
});
