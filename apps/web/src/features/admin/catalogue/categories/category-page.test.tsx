import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi } from '../../../auth/test-api.ts';
import AdminArea from '../../admin-area.tsx';
import { asSignedInStaff } from '../../test-staff.ts';
import { CATEGORIES_API, PIZZA, REFRESH, category, sentJson } from './test-categories.ts';

/** The German or English input of the "Name" or "Beschreibung" pair. */
function field(pair: 'Name' | 'Beschreibung', language: 'Deutsch' | 'Englisch') {
  return within(screen.getByRole('group', { name: pair })).getByRole('textbox', { name: language });
}

beforeEach(async () => {
  await asSignedInStaff();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('category editor', () => {
  it('creates a category with what was typed, then saves changes to it as an update', async () => {
    const created = category(21, 'Vorspeisen', {
      name: { de: 'Vorspeisen', en: 'Starters' },
      description: { de: 'Zum Teilen', en: '' },
    });
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${CATEGORIES_API}`]: { status: 200, body: [PIZZA, created] },
      [`POST ${CATEGORIES_API}`]: { status: 201, body: created },
      [`PUT ${CATEGORIES_API}/21`]: { status: 200, body: { ...created, hidden: true, version: 2 } },
    });
    renderWithProviders(<AdminArea />, { route: '/category' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Kategorien' })).toBeInTheDocument();
    // Nothing is sent without a German name.
    await user.click(screen.getByRole('button', { name: 'Kategorie anlegen' }));
    expect(await screen.findByText('Bitte den Namen auf Deutsch eingeben.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === CATEGORIES_API)).toBe(false);

    await user.type(field('Name', 'Deutsch'), 'Vorspeisen');
    await user.type(field('Name', 'Englisch'), 'Starters');
    await user.type(field('Beschreibung', 'Deutsch'), 'Zum Teilen');
    await user.click(screen.getByRole('button', { name: 'Kategorie anlegen' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Gespeichert.');
    expect(sentJson(calls.find((call) => call.method === 'POST' && call.path === CATEGORIES_API))).toEqual({
      name: { de: 'Vorspeisen', en: 'Starters' },
      description: { de: 'Zum Teilen', en: '' },
      hidden: false,
    });
    // The page is the new category's now: the same form, with a plain save.
    expect(field('Name', 'Deutsch')).toHaveValue('Vorspeisen');
    await user.click(screen.getByRole('checkbox', { name: 'In der Speisekarte ausblenden' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() =>
      expect(sentJson(calls.find((call) => call.method === 'PUT'))).toEqual({
        name: { de: 'Vorspeisen', en: 'Starters' },
        description: { de: 'Zum Teilen', en: '' },
        hidden: true,
        version: 1,
      }),
    );
    expect(calls.filter((call) => call.method === 'POST' && call.path === CATEGORIES_API)).toHaveLength(1);
    expect(await screen.findByRole('status')).toHaveTextContent('Gespeichert.');
  });

  it('after a conflict loads the other version, and the next save is checked against it', async () => {
    const theirs = { ...PIZZA, name: { de: 'Pizza & Pinsa', en: 'Pizza' }, version: 4 };
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${CATEGORIES_API}`]: { status: 200, body: [PIZZA] },
      [`PUT ${CATEGORIES_API}/1`]: [
        {
          status: 409,
          body: { code: 'version_conflict', message: 'Jemand hat das inzwischen geändert.', current: theirs },
        },
        { status: 200, body: { ...theirs, version: 5 } },
      ],
    });
    renderWithProviders(<AdminArea />, { route: '/category?id=1' });
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Name' });
    const german = field('Name', 'Deutsch');
    expect(german).toHaveValue('Pizza');
    await user.type(german, ' Napoli');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Inzwischen geändert')).toBeInTheDocument();
    expect(german).toHaveValue('Pizza Napoli');
    await user.click(screen.getByRole('button', { name: 'Deren Stand laden' }));
    expect(german).toHaveValue('Pizza & Pinsa');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(sentJson(calls.filter((call) => call.method === 'PUT')[1])).toMatchObject({
      name: { de: 'Pizza & Pinsa', en: 'Pizza' },
      version: 4,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Gespeichert.');
  });

  it('says so when the category does not exist, with the way back', async () => {
    fakeApi({ ...REFRESH, [`GET ${CATEGORIES_API}`]: { status: 200, body: [PIZZA] } });
    renderWithProviders(<AdminArea />, { route: '/category?id=99' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Kategorie gibt es nicht (mehr).');
    expect(screen.getByRole('link', { name: 'Zurück zur Kategorieliste' })).toHaveAttribute('href', '/category-list');
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  });
});
