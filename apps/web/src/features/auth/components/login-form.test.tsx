import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginRequest } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { deferred } from '../test-api.ts';
import { LoginForm } from './login-form.tsx';

/** The form with a login call of the test's own, as the shop's pages and the back office give theirs. */
function renderForm(
  logIn: (credentials: LoginRequest) => Promise<string>,
  props: { invalidCredentials?: string; revealPassword?: boolean } = {},
) {
  const onSignedIn = vi.fn();
  function Form() {
    return <LoginForm login={useMutation({ mutationFn: logIn })} onSignedIn={onSignedIn} {...props} />;
  }
  renderWithProviders(<Form />);
  return { onSignedIn, user: userEvent.setup() };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('E-Mail-Adresse'), 'chef@example.com');
  await user.type(screen.getByLabelText('Passwort'), 'kitchen-secret');
}

beforeEach(async () => {
  await i18n.changeLanguage('de');
});

describe('login form', () => {
  it('sends what was typed and hands the login’s result on', async () => {
    const logIn = vi.fn(async (_credentials: LoginRequest) => 'signed-in');
    const { onSignedIn, user } = renderForm(logIn);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(onSignedIn.mock.calls[0]?.[0]).toBe('signed-in');
    expect(logIn.mock.calls[0]?.[0]).toEqual({ username: 'chef@example.com', password: 'kitchen-secret' });
  });

  it('sends once while the login is on its way, however often the form is submitted', async () => {
    const held = deferred<string>();
    const logIn = vi.fn(() => held.promise);
    const { user } = renderForm(logIn);
    await fillIn(user);
    const form = screen.getByLabelText('Passwort').closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    expect(await screen.findByRole('button', { name: 'Anmeldung läuft …' })).toBeDisabled();
    fireEvent.submit(form);
    held.resolve('signed-in');
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeEnabled();
    expect(logIn).toHaveBeenCalledOnce();
  });

  it('says the caller’s words for a refusal without a message of its own', async () => {
    const { user } = renderForm(() => Promise.reject(new ApiRequestError(401, 'http_error', 'HTTP 401')), {
      invalidCredentials: 'E-Mail-Adresse oder Passwort stimmen nicht.',
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail-Adresse oder Passwort stimmen nicht.');
    expect(screen.getByLabelText('Passwort')).toHaveValue('kitchen-secret');
    expect(screen.queryByRole('button', { name: 'Passwort anzeigen' })).not.toBeInTheDocument();
  });

  it('shows the password as typed when asked to offer it', async () => {
    const { user } = renderForm(async () => 'signed-in', { revealPassword: true });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('type', 'text');
  });
});
