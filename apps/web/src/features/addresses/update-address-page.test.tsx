import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import type { Address } from '@pizzeria/domain';
import { i18n } from '../../i18n/index.ts';
import { renderWithProviders } from '../../lib/testing.tsx';
import { useDelivery } from '../delivery/index.ts';
import { postcodesQueryOptions } from '../delivery/api/get-postcodes.ts';
import { testPostcodes } from '../delivery/test-postcodes.ts';
import { useSessionStore } from '../session/session-store.ts';
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

function renderPage() {
  return renderWithProviders(
    <Switch>
      <Route path="/update-address" component={UpdateAddressRoute} />
      <Route path="/checkout">
        <p>checkout reached</p>
      </Route>
      <Route path="/login/:next">
        <p>login reached</p>
      </Route>
    </Switch>,
    { route: '/update-address', queryData: [[postcodesQueryOptions().queryKey, testPostcodes]] },
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('de');
  list = [];
  posted.length = 0;
  useSessionStore.setState({
    user: { customer_name: 'Giulia Bianchi', phone: '030987654' },
    token: 't',
    loading: false,
  });
  useDelivery.setState({ orderType: 'delivery', postcode: null });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
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
    renderPage();
    expect(screen.getByText('login reached')).toBeInTheDocument();
  });

  it('asks for all fields, saves a new address, chooses it and continues to the checkout', async () => {
    renderPage();
    const save = await screen.findByRole('button', { name: 'Adresse speichern' });
    expect(screen.getByLabelText('Name')).toHaveValue('Giulia Bianchi');
    await userEvent.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte füllen Sie alle Felder aus');
    await userEvent.type(screen.getByLabelText('Straße und Hausnummer'), 'Friedrichstraße 100');
    await userEvent.type(screen.getByLabelText('Postleitzahl'), '10117');
    await userEvent.type(screen.getByLabelText('Ort'), 'Berlin');
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

  it('says when the phone number is not one, and saves one typed with spaces and a plus (issue 15)', async () => {
    useSessionStore.setState({ user: { customer_name: 'Giulia Bianchi', phone: '+4915123456789' } });
    renderPage();
    const save = await screen.findByRole('button', { name: 'Adresse speichern' });
    const phone = screen.getByLabelText('Telefon');
    expect(phone).toHaveValue('01512 3456789');
    await userEvent.type(screen.getByLabelText('Straße und Hausnummer'), 'Friedrichstraße 100');
    await userEvent.type(screen.getByLabelText('Postleitzahl'), '10117');
    await userEvent.type(screen.getByLabelText('Ort'), 'Berlin');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0151 CALL ME');
    await userEvent.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Bitte geben Sie eine gültige Telefonnummer mit Vorwahl ein, z. B. 0170 1234567 oder +43 1 234567.',
    );
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+43 1 234567');
    await userEvent.click(save);
    expect(await screen.findByRole('radio', { name: /Friedrichstraße 100/ })).toBeChecked();
    expect(posted[0]).toMatchObject({ phone: '+43 1 234567' });
  });

  it('shows a saved phone number as people read it', async () => {
    list = [{ ...saved, phone: '+4915123456789' }];
    renderPage();
    expect(await screen.findByText(/Giulia Bianchi · 01512 3456789/)).toBeInTheDocument();
  });

  it('will not continue to a postcode the restaurant does not deliver to', async () => {
    list = [{ ...saved, zip: '80331' }];
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('In die Postleitzahl 80331 liefern wir leider nicht.');
    expect(screen.getByRole('button', { name: 'Weiter zur Kasse' })).toBeDisabled();
  });
});
