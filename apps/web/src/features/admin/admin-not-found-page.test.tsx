import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../lib/testing.tsx';
import { fakeApi } from '../auth/test-api.ts';
import AdminArea from './admin-area.tsx';
import { asSignedInStaff, REFRESH } from './test-staff.ts';

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

describe('an address under /admin that names no page', () => {
  it('says so inside the back office’s frame, with the way to the dashboard', async () => {
    fakeApi({ ...REFRESH });
    renderWithProviders(<AdminArea />, { route: '/xyz' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByText(/Die Adresse \/admin\/xyz gibt es in der Verwaltung nicht\./)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Seite nicht gefunden \| /));
    // The frame: the header with signing out, and the menu.
    expect(screen.getByRole('navigation', { name: 'Verwaltung' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Admin Dashboard' })).toHaveAttribute('href', '/home');
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    fakeApi({ ...REFRESH });
    renderWithProviders(<AdminArea />, { route: '/xyz' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Admin Dashboard' })).toBeInTheDocument();
  });
});
