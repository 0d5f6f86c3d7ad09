import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { testStoreQuery } from '../../store/test-store.ts';
import '../register-texts.ts';
import { signedInDevice } from '../test-staff.ts';
import { AdminShell } from './admin-shell.tsx';

beforeEach(async () => {
  signedInDevice();
  await i18n.changeLanguage('de');
});

const shellAt = (route: string) =>
  renderWithProviders(
    <AdminShell>
      <p>Seite</p>
    </AdminShell>,
    { route, queryData: [testStoreQuery] },
  );
const list = () => document.getElementById('admin-nav-list');

describe('the back office’s frame', () => {
  it('folds the navigation away on the orders board, one tap opens it, Escape and a tap beside it close it', async () => {
    const user = userEvent.setup();
    const { container } = shellAt('/home');
    expect(container.querySelector('.admin-shell')).toHaveAttribute('data-nav', 'folded');
    const toggle = screen.getByRole('button', { name: 'Menü' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list()).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    expect(list()).toHaveAttribute('data-open', 'true');
    await user.keyboard('{Escape}');
    expect(list()).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    await user.click(screen.getByText('Seite'));
    expect(list()).toHaveAttribute('data-open', 'false');
  });

  it('keeps the side column on the other pages', () => {
    const { container } = shellAt('/orders');
    expect(container.querySelector('.admin-shell')).toHaveAttribute('data-nav', 'side');
  });
});
