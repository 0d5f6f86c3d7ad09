import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../lib/testing.tsx';
import { fakeApi } from '../../../auth/test-api.ts';
import AdminArea from '../../admin-area.tsx';
import { asSignedInStaff } from '../../test-staff.ts';
import { API, CHEESE, EXTRAS, MOZZARELLA, REFRESH } from './test-toppings.ts';

// The four pages inside the back office's frame: routed by path, the address's query kept, titled.

beforeEach(async () => {
  await asSignedInStaff();
});

describe('toppings pages in the back office', () => {
  it.each([
    ['/toppings', 'Beläge'],
    ['/topping-groups', 'Belaggruppen'],
    ['/group-item?group=11', 'Gruppeneinträge'],
    ['/product-groups', 'Produktgruppen'],
  ])('%s is titled %s', async (route, title) => {
    fakeApi({
      ...REFRESH,
      [`GET ${API}/toppings`]: { status: 200, body: [MOZZARELLA] },
      [`GET ${API}/topping-groups`]: { status: 200, body: [EXTRAS, CHEESE] },
    });
    renderWithProviders(<AdminArea />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Pizzeria Bella Napoli Restaurant`));
  });

  it('keeps the address query: /group-item?group=11 opens that group', async () => {
    fakeApi({
      ...REFRESH,
      [`GET ${API}/toppings`]: { status: 200, body: [MOZZARELLA] },
      [`GET ${API}/topping-groups`]: { status: 200, body: [EXTRAS, CHEESE] },
    });
    renderWithProviders(<AdminArea />, { route: '/group-item?group=11' });
    expect(await screen.findByRole('textbox', { name: 'Preis von Mozzarella' })).toHaveValue('0,00');
  });
});
