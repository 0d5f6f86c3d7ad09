import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@pizzeria/domain';
import { i18n } from '../../i18n/index.ts';
import { renderPage } from '../../lib/testing.tsx';
import { useDelivery, postcodesQueryOptions } from '../delivery/index.ts';
import { testPostcodes } from '../delivery/test-postcodes.ts';
import { useSessionStore } from '../session/index.ts';
import UpdateAddressRoute from './update-address-page.tsx';

const saved: Address = {
  id: 9,
  customer_name: 'Giulia Bianchi',
  phone: '030987654',
  line1: 'Friedrichstraße 100',
  line2: null,
  city: 'Berlin',
  zip: '10117',
  country: 'DE',
  is_default: false,
};

let list: Address[];
const posted: unknown[] = [];
const deleted: string[] = [];

function renderAddressPage() {
  return renderPage(<UpdateAddressRoute />, {
    route: '/update-address',
    exits: { '/checkout': 'checkout reached', '/login/:next': 'login reached' },
    queryData: [[postcodesQueryOptions().queryKey, testPostcodes]],
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('de');
  list = [];
  posted.length = 0;
  deleted.length = 0;
  useSessionStore.setState({
    user: { customer_name: 'Giulia Bianchi', phone: '030987654' },
    token: 't',
    loading: false,
  });
  useDelivery.setState({ orderType: 'delivery', postcode: null });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        deleted.push(url);
        list = list.filter((address) => url !== `/api/addresses/${address.id}`);
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        list = [saved];
        return Promise.resolve(new Response(JSON.stringify(saved), { status: 201 }));
      }
      return Promise.resolve(new Response(JSON.stringify(list), { status: 200 }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('address page', () => {
  it('sends a visitor to the login page, which comes back here', () => {
    useSessionStore.setState({ user: null, token: null, loading: false });
    renderAddressPage();
    expect(screen.getByText('login reached')).toBeInTheDocument();
  });

  it('asks for all fields, saves a new address, chooses it and continues to the checkout', async () => {
    renderAddressPage();
    const save = await screen.findByRole('button', { name: 'Adresse speichern' });
    expect(screen.getByLabelText('Name')).toHaveValue('Giulia Bianchi');
    await userEvent.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte füllen Sie alle Felder aus');
    // Name and phone come from the account: the street is the first field to fill.
    expect(screen.getByLabelText('Straße')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Straße'), 'Friedrichstraße');
    await userEvent.type(screen.getByLabelText('Hausnummer'), '100');
    await userEvent.selectOptions(screen.getByLabelText('Postleitzahl'), '10117');
    // The town comes with the delivery area.
    expect(screen.getByLabelText('Ort')).toHaveValue('Berlin');
    await userEvent.click(save);
    expect(await screen.findByRole('radio', { name: /Friedrichstraße 100/ })).toBeChecked();
    expect(posted[0]).toMatchObject({
      customer_name: 'Giulia Bianchi',
      phone: '030987654',
      line1: 'Friedrichstraße 100',
      zip: '10117',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }));
    expect(screen.getByText('checkout reached')).toBeInTheDocument();
    expect(useDelivery.getState().postcode?.postcode).toBe('10117');
  });

  it('says when the phone number is not one, and saves one typed with spaces and a plus', async () => {
    useSessionStore.setState({ user: { customer_name: 'Giulia Bianchi', phone: '+4915123456789' } });
    renderAddressPage();
    const save = await screen.findByRole('button', { name: 'Adresse speichern' });
    const phone = screen.getByLabelText('Telefon');
    expect(phone).toHaveValue('01512 3456789');
    await userEvent.type(screen.getByLabelText('Straße'), 'Friedrichstraße');
    await userEvent.type(screen.getByLabelText('Hausnummer'), '100');
    await userEvent.selectOptions(screen.getByLabelText('Postleitzahl'), '10117');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0151 CALL ME');
    await userEvent.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein, z. B. 0170 1234567 oder +43 1 234567.',
    );
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(posted).toEqual([]);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+43 1 234567');
    await userEvent.click(save);
    expect(await screen.findByRole('radio', { name: /Friedrichstraße 100/ })).toBeChecked();
    expect(posted[0]).toMatchObject({ phone: '+43 1 234567' });
  });

  it('shows a saved phone number as people read it', async () => {
    list = [{ ...saved, phone: '+4915123456789' }];
    renderAddressPage();
    expect(await screen.findByText(/Giulia Bianchi · 01512 3456789/)).toBeInTheDocument();
  });

  it('will not continue to a postcode the restaurant does not deliver to', async () => {
    list = [{ ...saved, zip: '80331' }];
    renderAddressPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('In die Postleitzahl 80331 liefern wir leider nicht.');
    expect(screen.getByRole('button', { name: 'Weiter zur Kasse' })).toBeDisabled();
  });

  it('offers only the postcodes we deliver to, and will not save another', async () => {
    list = [{ ...saved, zip: '80331', city: 'München' }];
    renderAddressPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Adresse Friedrichstraße 100 bearbeiten' }));
    expect(screen.getByLabelText('Straße')).toHaveValue('Friedrichstraße');
    expect(screen.getByLabelText('Hausnummer')).toHaveValue('100');
    const postcode = screen.getByLabelText('Postleitzahl');
    expect(postcode).toHaveValue('80331');
    expect(postcode).toHaveAccessibleDescription(/In die Postleitzahl 80331 liefern wir leider nicht/);
    expect(screen.getAllByRole<HTMLOptionElement>('option').map((option) => option.value)).toEqual([
      '',
      '80331',
      ...testPostcodes.map((entry) => entry.postcode),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Adresse speichern' }));
    expect(postcode).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it('shows the server’s refusal of a postcode it does not deliver to', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'POST'
            ? new Response(
                JSON.stringify({
                  code: 'postcode_not_delivered',
                  message: 'In diese Postleitzahl liefern wir leider nicht.',
                }),
                { status: 422 },
              )
            : new Response('[]', { status: 200 }),
        ),
      ),
    );
    renderAddressPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Adresse speichern' }));
    await userEvent.type(screen.getByLabelText('Straße'), 'Friedrichstraße');
    await userEvent.type(screen.getByLabelText('Hausnummer'), '100');
    await userEvent.selectOptions(screen.getByLabelText('Postleitzahl'), '10117');
    await userEvent.click(screen.getByRole('button', { name: 'Adresse speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('In diese Postleitzahl liefern wir leider nicht.');
  });

  it('deletes an address only after the customer confirms', async () => {
    list = [saved, { ...saved, id: 10, line1: 'Torstraße 1', zip: '10115', is_default: true }];
    renderAddressPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Adresse Friedrichstraße 100 löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Adresse löschen?' });
    expect(dialog).toHaveTextContent('Bisherige Bestellungen behalten ihre Adresse');
    await userEvent.click(screen.getByRole('button', { name: 'Behalten' }));
    expect(deleted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Adresse Friedrichstraße 100 löschen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Adresse löschen' }));
    await waitFor(() => expect(deleted).toEqual(['/api/addresses/9']));
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Friedrichstraße 100/ })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: /Torstraße 1/ })).toBeChecked();
  });
});
