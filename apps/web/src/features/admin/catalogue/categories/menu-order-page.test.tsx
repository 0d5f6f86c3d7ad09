import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProductSummary } from '@pizzeria/domain';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi } from '../../../auth/test-api.ts';
import AdminArea from '../../admin-area.tsx';
import { asSignedInStaff } from '../../test-staff.ts';
import { CATEGORIES_API, DRINKS, PIZZA, REFRESH, SALADS, sentJson } from './test-categories.ts';
import { adminProductSummary } from '../test-catalogue.ts';

const PRODUCTS_API = '/api/admin/stores/13/products';

function product(id: number, de: string, categoryId: number): AdminProductSummary {
  return adminProductSummary({ id, name: { de, en: '' }, category_id: categoryId, position: id, version: 1 });
}

const page = (items: AdminProductSummary[]) => ({ items, total: items.length, page: 1, page_size: 100 });
const COLA = product(31, 'Cola', 3);
const WATER = product(32, 'Wasser', 3);
const MARGHERITA = product(11, 'Margherita', 1);
const SALAMI = product(12, 'Salami', 1);

/**
 * jsdom lays nothing out; dnd-kit's keyboard moves by the rows' boxes, so each sortable row gets one
 * 60 px under the one before.
 */
function layOutRows() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('.admin-sortable-row');
    const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
    return DOMRect.fromRect({ x: 0, y: index * 60, width: 300, height: 50 });
  });
}

/** Moves the row of `name` one place down with the keyboard, as a person without a mouse does. */
async function moveDown(user: UserEvent, list: HTMLElement, name: string) {
  within(list)
    .getByRole('button', { name: `${name} verschieben` })
    .focus();
  await user.keyboard(' ');
  await user.keyboard('{ArrowDown}');
  await user.keyboard(' ');
}

/** The rows' names in their order, as their drag handles say them. */
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button', { name: / verschieben$/ })
    .map((handle) => handle.getAttribute('aria-label')?.replace(/ verschieben$/, ''));

beforeEach(async () => {
  await asSignedInStaff();
  layOutRows();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('menu order', () => {
  it('saves the categories’ new order as soon as one is dropped', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${CATEGORIES_API}`]: [
        { status: 200, body: [PIZZA, SALADS, DRINKS] },
        { status: 200, body: [SALADS, PIZZA, DRINKS] },
      ],
      [`GET ${PRODUCTS_API}?category_id=1&page_size=100`]: { status: 200, body: page([MARGHERITA, SALAMI]) },
      [`PUT ${CATEGORIES_API}/order`]: { status: 200, body: [SALADS, PIZZA, DRINKS] },
    });
    renderWithProviders(<AdminArea />, { route: '/categories-page' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Reihenfolge der Speisekarte' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Reihenfolge der Kategorien' });
    await moveDown(user, list, 'Pizza');

    await waitFor(() => expect(sentJson(calls.find((call) => call.method === 'PUT'))).toEqual({ ids: [2, 1, 3] }));
    expect(await screen.findByText('Reihenfolge gespeichert.')).toHaveAttribute('role', 'status');
    expect(names(list)).toEqual(['Salate', 'Pizza', 'Getränke']);
  });

  it('puts the order back and says why when the server refuses it', async () => {
    fakeApi({
      ...REFRESH,
      // The list read again afterwards never comes: only the page itself can put the order back.
      [`GET ${CATEGORIES_API}`]: [{ status: 200, body: [PIZZA, SALADS, DRINKS] }, { wait: new Promise(() => {}) }],
      [`GET ${PRODUCTS_API}?category_id=1&page_size=100`]: { status: 200, body: page([MARGHERITA, SALAMI]) },
      [`PUT ${CATEGORIES_API}/order`]: {
        status: 400,
        body: { code: 'invalid_order', message: 'Die neue Reihenfolge muss jede Kategorie genau einmal enthalten.' },
      },
    });
    renderWithProviders(<AdminArea />, { route: '/categories-page' });
    const list = await screen.findByRole('list', { name: 'Reihenfolge der Kategorien' });
    await moveDown(userEvent.setup(), list, 'Pizza');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Reihenfolge wurde nicht gespeichert: Die neue Reihenfolge muss jede Kategorie genau einmal enthalten.',
    );
    expect(names(list)).toEqual(['Pizza', 'Salate', 'Getränke']);
    expect(screen.queryByText('Reihenfolge gespeichert.')).not.toBeInTheDocument();
  });

  it('reorders the products of the chosen category', async () => {
    const { calls } = fakeApi({
      ...REFRESH,
      [`GET ${CATEGORIES_API}`]: { status: 200, body: [PIZZA, SALADS, DRINKS] },
      [`GET ${PRODUCTS_API}?category_id=1&page_size=100`]: { status: 200, body: page([MARGHERITA, SALAMI]) },
      [`GET ${PRODUCTS_API}?category_id=3&page_size=100`]: [
        { status: 200, body: page([COLA, WATER]) },
        { status: 200, body: page([WATER, COLA]) },
      ],
      [`PUT ${PRODUCTS_API}/order`]: { status: 200, body: page([WATER, COLA]) },
    });
    renderWithProviders(<AdminArea />, { route: '/categories-page' });
    const user = userEvent.setup();
    expect(await screen.findByRole('list', { name: 'Reihenfolge der Produkte in Pizza' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kategorie' }), 'Getränke');
    const list = await screen.findByRole('list', { name: 'Reihenfolge der Produkte in Getränke' });
    expect(names(list)).toEqual(['Cola', 'Wasser']);
    await moveDown(user, list, 'Cola');

    await waitFor(() =>
      expect(sentJson(calls.find((call) => call.method === 'PUT'))).toEqual({ category_id: 3, ids: [32, 31] }),
    );
    expect(await screen.findByText('Reihenfolge gespeichert.')).toBeInTheDocument();
    expect(names(list)).toEqual(['Wasser', 'Cola']);
  });
});
