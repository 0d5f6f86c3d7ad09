// The page alone, without the shell: its frame and the other pages are tested elsewhere.
import '../../admin.css';
import '../../register-texts.ts';
import '../../forms/register-texts.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi } from '../../../auth/test-api.ts';
import { asSignedInStaff } from '../../test-staff.ts';
import { AllergyPage } from './allergy-page.tsx';
import { LISTS, REFRESH } from './test-declarations.ts';

const NEW_ADDITIVE = { id: 23, code: '5', name: { de: 'geschwefelt', en: 'sulphured' }, version: 1 };

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillNewAdditive(code: string) {
  const form = await screen.findByRole('form', { name: 'Zusatzstoff hinzufügen' });
  const user = userEvent.setup();
  await user.type(within(form).getByRole('textbox', { name: 'Nummer' }), code);
  await user.type(within(form).getByRole('textbox', { name: 'Deutsch' }), 'geschwefelt');
  await user.type(within(form).getByRole('textbox', { name: 'Englisch' }), 'sulphured');
  await user.click(within(form).getByRole('button', { name: 'Zusatzstoff hinzufügen' }));
  return form;
}

describe('allergens and additives', () => {
  it('lists the allergens with their letters and the additives with their numbers', async () => {
    fakeApi({ ...REFRESH, 'GET /api/admin/allergens': { status: 200, body: LISTS } });
    renderWithProviders(<AllergyPage />, { route: '/allergy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Allergene & Zusatzstoffe' })).toBeInTheDocument();
    const allergens = await screen.findByRole('region', { name: 'Allergene' });
    expect(within(allergens).getByRole('button', { name: 'g – Milch bearbeiten' })).toBeInTheDocument();
    expect(within(allergens).queryByRole('button', { name: /archivieren/ })).not.toBeInTheDocument();
    const additives = screen.getByRole('region', { name: 'Zusatzstoffe' });
    expect(within(additives).getByRole('button', { name: '1 – mit Farbstoff archivieren' })).toBeInTheDocument();
  });

  it('renames an allergen with its version', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/allergens': { status: 200, body: LISTS },
      'PUT /api/admin/allergens/7': {
        status: 200,
        body: { id: 7, code: 'g', name: { de: 'Milch (einschließlich Laktose)', en: 'Milk' }, version: 2 },
      },
    });
    renderWithProviders(<AllergyPage />, { route: '/allergy' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'g – Milch bearbeiten' }));
    const form = screen.getByRole('form', { name: 'g – Milch bearbeiten' });
    const german = within(form).getByRole('textbox', { name: 'Deutsch' });
    await user.clear(german);
    await user.type(german, 'Milch (einschließlich Laktose)');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));

    expect(await within(form).findByText('Gespeichert.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({
      name: { de: 'Milch (einschließlich Laktose)', en: 'Milk' },
      version: 1,
    });
  });

  it('adds an additive, shows it in the list and empties the form for the next', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/allergens': [
        { status: 200, body: LISTS },
        { status: 200, body: { ...LISTS, additives: [...LISTS.additives, NEW_ADDITIVE] } },
      ],
      'POST /api/admin/additives': { status: 201, body: NEW_ADDITIVE },
    });
    renderWithProviders(<AllergyPage />, { route: '/allergy' });
    await fillNewAdditive('5');

    const added = await screen.findByText('5 – geschwefelt hinzugefügt.');
    expect(added).toHaveAttribute('role', 'status');
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/admin/additives');
    expect(JSON.parse(String(post?.body))).toEqual({ code: '5', name: { de: 'geschwefelt', en: 'sulphured' } });
    const additives = screen.getByRole('region', { name: 'Zusatzstoffe' });
    expect(within(additives).getByRole('button', { name: '5 – geschwefelt bearbeiten' })).toBeInTheDocument();
    const fresh = screen.getByRole('form', { name: 'Zusatzstoff hinzufügen' });
    expect(within(fresh).getByRole('textbox', { name: 'Nummer' })).toHaveValue('');
  });

  it('says beside the number that it is taken, keeping what was typed', async () => {
    const message = 'Die Nummer 1 hat schon ein Zusatzstoff (auch archivierte behalten ihre Nummer).';
    fakeApi({
      ...REFRESH,
      'GET /api/admin/allergens': { status: 200, body: LISTS },
      'POST /api/admin/additives': { status: 409, body: { code: 'additive_code_taken', message } },
    });
    renderWithProviders(<AllergyPage />, { route: '/allergy' });
    const form = await fillNewAdditive('1');

    const number = within(form).getByRole('textbox', { name: 'Nummer' });
    await waitFor(() => expect(number).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveValue('1');
    expect(within(form).getByRole('textbox', { name: 'Deutsch' })).toHaveValue('geschwefelt');
  });

  it('archives an additive only after asking', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      'GET /api/admin/allergens': [
        { status: 200, body: LISTS },
        { status: 200, body: { ...LISTS, additives: LISTS.additives.slice(1) } },
      ],
      'POST /api/admin/additives/21/archive': { status: 200, body: { ...LISTS.additives[0], version: 2 } },
    });
    renderWithProviders(<AllergyPage />, { route: '/allergy' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '1 – mit Farbstoff archivieren' }));
    const dialog = await screen.findByRole('alertdialog', { name: '1 – mit Farbstoff archivieren?' });
    expect(calls.some((call) => call.path.endsWith('/archive'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, archivieren' }));

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '1 – mit Farbstoff archivieren' })).not.toBeInTheDocument(),
    );
    const archive = calls.find((call) => call.path === '/api/admin/additives/21/archive');
    expect(JSON.parse(String(archive?.body))).toEqual({ version: 1 });
    expect(screen.getByText('1 – mit Farbstoff archiviert.')).toBeInTheDocument();
  });
});
