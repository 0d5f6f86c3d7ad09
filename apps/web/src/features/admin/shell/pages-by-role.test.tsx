import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { useStaffSession } from '../auth/staff-session.ts';
import { asSignedInStaff, REFRESH, signedInDevice, staffMe } from '../test-staff.ts';

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Verwaltung' }))
    .getAllByRole('link')
    .map((link) => link.textContent)
    .filter((name) => name !== 'Zum Shop');

function openAs(role: StaffRole, route: string, meRole: StaffRole = role) {
  signedInDevice('refresh-1', role);
  const api = fakeApi({ ...REFRESH, 'GET /api/users/me': { status: 200, body: staffMe(meRole, 'Luca') } });
  renderWithProviders(<AdminArea />, { route });
  return api;
}

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

describe('the back office by role', () => {
  it('shows the kitchen only the board, the orders, the products and toppings lists (sold out) and its devices', async () => {
    openAs('kitchen', '/devices');
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Luca · Küche'));
    expect(navLinks()).toEqual(['Admin Dashboard', 'Bestellungen', 'Produktliste', 'Beläge', 'Geräte']);
  });

  it('shows a shift manager everything but the team', async () => {
    openAs('manager', '/devices');
    await screen.findByRole('heading', { level: 1, name: 'Geräte' });
    const links = navLinks();
    expect(links).toContain('Steuern');
    expect(links).toContain('Änderungsprotokoll');
    expect(links).toContain('Öffnungszeiten & Einstellungen');
    expect(links).not.toContain('Team');
  });

  it('shows the owner the team too', async () => {
    openAs('owner', '/devices');
    await screen.findByRole('heading', { level: 1, name: 'Geräte' });
    expect(navLinks()).toContain('Team');
  });

  it('says a page typed in the address bar is not for the role, instead of a broken page', async () => {
    const api = openAs('kitchen', '/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nicht für Ihre Rolle' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Die Seite „Änderungsprotokoll“ nutzen nur Schichtleitung und Inhaber. Sie sind als „Küche“ angemeldet; wenn Sie die Seite brauchen, fragen Sie den Inhaber.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Admin Dashboard' })).toHaveAttribute('href', '/home');
    await waitFor(() => expect(document.title).toMatch(/^Nicht für Ihre Rolle \| /));
    expect(api.calls.some((call) => call.path.includes('/audit'))).toBe(false);
  });

  it('follows a role the owner changed: the pages shown are those of the role /users/me names', async () => {
    openAs('kitchen', '/category-list', 'manager');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kategorieliste' })).toBeInTheDocument();
    expect(navLinks()).toContain('Kategorieliste');
    expect(useStaffSession.getState().account?.role).toBe('manager');
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    openAs('manager', '/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Only owners use the page “Team”\. You are signed in as “Shift manager”/),
    ).toBeInTheDocument();
  });
});
