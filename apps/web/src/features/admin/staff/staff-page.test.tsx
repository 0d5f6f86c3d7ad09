import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffInvitation, StaffMember, StaffOverview } from '@pizzeria/domain';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { fakeApi, type FakeAnswer } from '../../auth/test-api.ts';
import AdminArea from '../admin-area.tsx';
import { asSignedInStaff, REFRESH, staffMe } from '../test-staff.ts';

const ME: StaffMember = {
  id: 1,
  name: 'Chef',
  email: 'chef@example.com',
  role: 'owner',
  active: true,
  device_count: 1,
  last_seen_at: '2026-11-27T18:00:00.000Z',
  you: true,
};
const LUCA: StaffMember = {
  id: 9,
  name: 'Luca Bianchi',
  email: 'luca@example.com',
  role: 'kitchen',
  active: true,
  device_count: 2,
  last_seen_at: '2026-11-27T17:30:00.000Z',
  you: false,
};
const INVITED: StaffInvitation = {
  id: 4,
  name: 'Sara Neri',
  email: 'sara@example.com',
  role: 'manager',
  expires_at: '2026-11-29T10:00:00.000Z',
  expired: false,
  invited_by: 'Chef',
  created_at: '2026-11-27T10:00:00.000Z',
};
const TABLET = {
  id: 31,
  device_name: 'Chrome · Android',
  label: 'Küche Tablet',
  created_at: '2026-11-20T17:05:00.000Z',
  last_used_at: '2026-11-27T17:30:00.000Z',
  current: false,
};

const overview = (change: Partial<StaffOverview> = {}): FakeAnswer => ({
  status: 200,
  body: { members: [ME, LUCA], invitations: [INVITED], ...change },
});

function openTeam(answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  const api = fakeApi({ ...REFRESH, 'GET /api/users/me': { status: 200, body: staffMe('owner') }, ...answers });
  renderWithProviders(<AdminArea />, { route: '/staff' });
  return { api, user: userEvent.setup() };
}

const sent = (api: ReturnType<typeof fakeApi>, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path);

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('de');
});

describe('the team page', () => {
  it('lists the members with role, state, devices and last seen, the owner marked, and the open invitations', async () => {
    openTeam({ 'GET /api/admin/staff': overview() });
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    const luca = await screen.findByRole('listitem', { name: 'Luca Bianchi' });
    expect(within(luca).getByText('luca@example.com')).toBeInTheDocument();
    expect(within(luca).getByText('Aktiv')).toBeInTheDocument();
    expect(within(luca).getByText('2 Geräte angemeldet')).toBeInTheDocument();
    expect(within(luca).getByRole('combobox', { name: 'Rolle von Luca Bianchi' })).toHaveValue('kitchen');
    expect(within(luca).getByRole('button', { name: 'Luca Bianchi deaktivieren' })).toBeInTheDocument();

    const me = screen.getByRole('listitem', { name: 'Chef' });
    expect(within(me).getByRole('heading', { level: 3 })).toHaveTextContent('Chef (Sie)');
    // Nobody deactivates themselves here: it would sign this very device out.
    expect(within(me).queryByRole('button', { name: /deaktivieren/ })).not.toBeInTheDocument();

    const invitations = within(screen.getByRole('region', { name: 'Einladungen' }));
    const sara = invitations.getByRole('listitem', { name: 'Sara Neri' });
    expect(within(sara).getByText(/^Gültig bis 29\.11\.2026/)).toBeInTheDocument();
    expect(within(sara).getByText('Schichtleitung · Eingeladen von Chef')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Team | Pizzeria Bella Napoli Restaurant'));
  });

  it('says an invitation ran out, and sends it again', async () => {
    const expired = { ...INVITED, expired: true, expires_at: '2026-11-20T10:00:00.000Z' };
    const { api, user } = openTeam({
      'GET /api/admin/staff': [overview({ invitations: [expired] }), overview()],
      'POST /api/admin/staff/invitations/4/resend': { status: 200, body: INVITED },
    });
    const sara = await screen.findByRole('listitem', { name: 'Sara Neri' });
    expect(within(sara).getByText(/^Abgelaufen am 20\.11\.2026/)).toBeInTheDocument();
    await user.click(within(sara).getByRole('button', { name: 'Einladung an Sara Neri erneut senden' }));
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      'Die Einladung an sara@example.com ist neu verschickt, gültig für 48 Stunden.',
    );
    expect(sent(api, 'POST', '/api/admin/staff/invitations/4/resend')).toHaveLength(1);
    await waitFor(() => expect(within(sara).getByText(/^Gültig bis 29\.11\.2026/)).toBeInTheDocument());
  });

  it('withdraws an invitation after asking', async () => {
    const { api, user } = openTeam({
      'GET /api/admin/staff': [overview(), overview({ invitations: [] })],
      'DELETE /api/admin/staff/invitations/4': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Einladung an Sara Neri zurückziehen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Einladung an Sara Neri zurückziehen?' });
    expect(dialog).toHaveTextContent('Der Link in der E-Mail an sara@example.com funktioniert danach nicht mehr.');
    expect(sent(api, 'DELETE', '/api/admin/staff/invitations/4')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    expect(await screen.findByText('Keine offenen Einladungen.')).toBeInTheDocument();
    expect(sent(api, 'DELETE', '/api/admin/staff/invitations/4')).toHaveLength(1);
  });

  it('changes a role only when asked to save it', async () => {
    const { api, user } = openTeam({
      'GET /api/admin/staff': [overview(), overview({ members: [ME, { ...LUCA, role: 'manager' }] })],
      'PATCH /api/admin/staff/9': { status: 200, body: { ...LUCA, role: 'manager' } },
    });
    const luca = await screen.findByRole('listitem', { name: 'Luca Bianchi' });
    const save = within(luca).getByRole('button', { name: 'Rolle speichern' });
    expect(save).toBeDisabled();
    await user.selectOptions(within(luca).getByRole('combobox', { name: 'Rolle von Luca Bianchi' }), 'manager');
    expect(within(luca).getByText(/^Bestellungen, Speisekarte, Ausverkauft/)).toBeInTheDocument();
    expect(sent(api, 'PATCH', '/api/admin/staff/9')).toHaveLength(0);
    await user.click(save);
    expect(await screen.findByText('Luca Bianchi ist jetzt Schichtleitung.')).toBeInTheDocument();
    expect(JSON.parse(String(sent(api, 'PATCH', '/api/admin/staff/9')[0]?.body))).toEqual({ role: 'manager' });
  });

  it('says clearly that the last owner stays an owner', async () => {
    const { user } = openTeam({
      'GET /api/admin/staff': overview(),
      'PATCH /api/admin/staff/1': {
        status: 409,
        body: { code: 'last_owner', message: 'Der letzte aktive Inhaber bleibt Inhaber.' },
      },
    });
    const me = await screen.findByRole('listitem', { name: 'Chef' });
    await user.selectOptions(within(me).getByRole('combobox', { name: 'Rolle von Chef' }), 'manager');
    await user.click(within(me).getByRole('button', { name: 'Rolle speichern' }));
    expect(await within(me).findByRole('alert')).toHaveTextContent(
      'Der letzte aktive Inhaber kann weder herabgestuft noch deaktiviert werden. Machen Sie zuerst jemand anderen zum Inhaber.',
    );
  });

  it('deactivates a colleague after asking, and activates them again', async () => {
    const { api, user } = openTeam({
      'GET /api/admin/staff': [
        overview(),
        overview({ members: [ME, { ...LUCA, active: false, device_count: 0 }] }),
        overview(),
      ],
      'POST /api/admin/staff/9/deactivate': { status: 200, body: { ...LUCA, active: false, device_count: 0 } },
      'POST /api/admin/staff/9/activate': { status: 200, body: LUCA },
    });
    await user.click(await screen.findByRole('button', { name: 'Luca Bianchi deaktivieren' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Luca Bianchi deaktivieren?' });
    expect(dialog).toHaveTextContent('wird auf allen Geräten sofort abgemeldet');
    await user.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    expect(
      await screen.findByText('Luca Bianchi ist deaktiviert und auf allen Geräten abgemeldet.'),
    ).toBeInTheDocument();
    const luca = screen.getByRole('listitem', { name: 'Luca Bianchi' });
    await waitFor(() => expect(within(luca).getByText('Deaktiviert')).toBeInTheDocument());
    expect(sent(api, 'POST', '/api/admin/staff/9/deactivate')).toHaveLength(1);

    await user.click(within(luca).getByRole('button', { name: 'Luca Bianchi aktivieren' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Luca Bianchi wieder aktivieren?' })).getByRole('button', {
        name: 'Aktivieren',
      }),
    );
    expect(await screen.findByText('Luca Bianchi ist wieder aktiv.')).toBeInTheDocument();
    expect(sent(api, 'POST', '/api/admin/staff/9/activate')).toHaveLength(1);
  });

  it('shows a refusal to deactivate inside the question', async () => {
    const { user } = openTeam({
      'GET /api/admin/staff': overview(),
      'POST /api/admin/staff/9/deactivate': {
        status: 409,
        body: { code: 'last_owner', message: 'Der letzte aktive Inhaber bleibt Inhaber.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Luca Bianchi deaktivieren' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Luca Bianchi deaktivieren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Der letzte aktive Inhaber kann weder herabgestuft noch deaktiviert werden.',
    );
  });

  it('lists a colleague’s devices and signs one out', async () => {
    const { api, user } = openTeam({
      'GET /api/admin/staff': overview(),
      'GET /api/admin/staff/9/sessions': [
        { status: 200, body: [TABLET] },
        { status: 200, body: [] },
      ],
      'DELETE /api/admin/staff/9/sessions/31': { status: 204 },
    });
    const luca = await screen.findByRole('listitem', { name: 'Luca Bianchi' });
    await user.click(within(luca).getByRole('button', { name: 'Geräte zeigen' }));
    const devices = within(await within(luca).findByRole('region', { name: 'Geräte von Luca Bianchi' }));
    const tablet = await devices.findByRole('listitem', { name: 'Küche Tablet' });
    expect(within(tablet).getByRole('heading', { level: 4, name: 'Küche Tablet' })).toBeInTheDocument();
    // Renaming is for one's own devices.
    expect(within(tablet).queryByRole('button', { name: /umbenennen/ })).not.toBeInTheDocument();
    await user.click(within(tablet).getByRole('button', { name: 'Küche Tablet abmelden' }));
    expect(await devices.findByText('Auf keinem Gerät angemeldet.')).toBeInTheDocument();
    expect(devices.getByRole('status')).toHaveTextContent('Das Gerät ist abgemeldet.');
    expect(sent(api, 'DELETE', '/api/admin/staff/9/sessions/31')).toHaveLength(1);
  });
});

describe('the invitation dialog', () => {
  const openDialog = async (answers: Record<string, FakeAnswer | FakeAnswer[]>) => {
    const opened = openTeam({ 'GET /api/admin/staff': overview(), ...answers });
    await opened.user.click(await screen.findByRole('button', { name: 'Person einladen' }));
    return { ...opened, dialog: within(await screen.findByRole('dialog', { name: 'Person einladen' })) };
  };

  it('explains each role in one line, checks the fields as people type, and sends the invitation', async () => {
    const { api, user, dialog } = await openDialog({
      'POST /api/admin/staff/invitations': {
        status: 201,
        body: { ...INVITED, id: 5, name: 'Nina', email: 'nina@example.com' },
      },
    });
    expect(dialog.getByRole('radio', { name: 'Küche' })).toBeChecked();
    expect(dialog.getByRole('radio', { name: 'Küche' })).toHaveAccessibleDescription(
      'Bestelltafel, Bestellungen, Bons und heute Ausverkauft; sonst nichts.',
    );
    expect(dialog.getByRole('radio', { name: 'Inhaber' })).toHaveAccessibleDescription(
      'Alles, auch Team, Mehrwertsteuersätze und Zahlungseinstellungen.',
    );

    await user.click(dialog.getByRole('button', { name: 'Einladung senden' }));
    expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription(/.+/);
    await user.type(dialog.getByLabelText('E-Mail-Adresse'), 'keine-adresse');
    await user.tab();
    expect(dialog.getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(api, 'POST', '/api/admin/staff/invitations')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Name'), 'Nina');
    await user.clear(dialog.getByLabelText('E-Mail-Adresse'));
    await user.type(dialog.getByLabelText('E-Mail-Adresse'), 'Nina@Example.com');
    await user.click(dialog.getByRole('radio', { name: 'Schichtleitung' }));
    await user.click(dialog.getByRole('button', { name: 'Einladung senden' }));

    expect(await screen.findByText('Die Einladung an nina@example.com ist verschickt.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(String(sent(api, 'POST', '/api/admin/staff/invitations')[0]?.body))).toEqual({
      name: 'Nina',
      email: 'nina@example.com',
      role: 'manager',
    });
  });

  it('shows an address that already has an account at the e-mail field, keeping what was typed', async () => {
    const { user, dialog } = await openDialog({
      'POST /api/admin/staff/invitations': {
        status: 409,
        body: { code: 'email_taken', message: 'Zu dieser E-Mail-Adresse gibt es schon ein Konto.' },
      },
    });
    await user.type(dialog.getByLabelText('Name'), 'Luca');
    await user.type(dialog.getByLabelText('E-Mail-Adresse'), 'luca@example.com');
    await user.click(dialog.getByRole('button', { name: 'Einladung senden' }));
    const email = dialog.getByLabelText('E-Mail-Adresse');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Zu dieser E-Mail-Adresse gibt es schon ein Konto.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('luca@example.com');
    expect(dialog.getByLabelText('Name')).toHaveValue('Luca');
  });

  it('shows the server’s field errors by field', async () => {
    const { user, dialog } = await openDialog({
      'POST /api/admin/staff/invitations': {
        status: 400,
        body: { code: 'validation_failed', message: 'Ungültig', issues: [{ path: '/name', message: 'Name zu lang' }] },
      },
    });
    await user.type(dialog.getByLabelText('Name'), 'Luca');
    await user.type(dialog.getByLabelText('E-Mail-Adresse'), 'luca@example.com');
    await user.click(dialog.getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() => expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('Name zu lang'));
  });
});
