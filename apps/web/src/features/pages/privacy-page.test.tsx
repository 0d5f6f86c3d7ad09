import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing.tsx';
import { fakeApi } from '../auth/test-api.ts';
import PrivacyPage from './privacy-page.tsx';

const STORE = {
  id: 13,
  name: 'Pizzeria Bella Napoli',
  timezone: 'Europe/Berlin',
  region: { code: 'de-DE', currency: 'EUR', show_legal_link: true },
  address: 'Oranienstraße 42, 10999 Berlin',
  phone: '+49 30 61623413',
  email: 'hallo@bella-napoli.example',
  store_hours: [],
  preorder_days: 7,
  legal_notice: {
    legal_name: 'Bella Napoli Gastronomie GmbH',
    legal_representative: 'Geschäftsführerin: Giulia Esposito',
    trade_register: 'Amtsgericht Charlottenburg, HRB 123456 B',
    vat_id: '',
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('privacy page', () => {
  it('shows the legal notice staff keep in the settings, leaving out what they did not give', async () => {
    fakeApi({ 'GET /api/stores/13': { status: 200, body: STORE } });
    renderWithProviders(<PrivacyPage />);
    const notice = screen.getByRole('region', { name: 'Impressum' });
    expect(await screen.findByText('Bella Napoli Gastronomie GmbH')).toBeInTheDocument();
    expect(notice).toHaveTextContent('Geschäftsführerin: Giulia Esposito');
    expect(notice).toHaveTextContent('Registereintrag: Amtsgericht Charlottenburg, HRB 123456 B');
    expect(notice).toHaveTextContent('Oranienstraße 42, 10999 Berlin');
    expect(notice).not.toHaveTextContent('USt-IdNr.');
  });

  it('names what PayPal receives when the shop offers PayPal, and no longer says PayPal is coming', async () => {
    fakeApi({
      'GET /api/stores/13': { status: 200, body: STORE },
      'GET /api/stores/13/payment-methods': {
        status: 200,
        body: { cash: true, paypal: { client_id: 'public-id', currency: 'EUR' } },
      },
    });
    renderWithProviders(<PrivacyPage />);
    const recipients = await screen.findByText(/Zahlen Sie mit PayPal/);
    expect(recipients).toHaveTextContent('PayPal (Europe) S.à r.l. et Cie, S.C.A., Luxemburg');
    expect(recipients).toHaveTextContent('den Betrag und die Nummer Ihrer Bestellung');
    expect(recipients).toHaveTextContent('Art. 6 Abs. 1 lit. b DSGVO');
    expect(screen.getByText(/mit einer Ausnahme: Wählen Sie an der Kasse PayPal/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Sobald die Zahlung per PayPal angeboten wird/);
  });

  it('names no PayPal where the shop does not offer it', async () => {
    fakeApi({
      'GET /api/stores/13': { status: 200, body: STORE },
      'GET /api/stores/13/payment-methods': { status: 200, body: { cash: true, paypal: null } },
    });
    renderWithProviders(<PrivacyPage />);
    expect(await screen.findByText('Bella Napoli Gastronomie GmbH')).toBeInTheDocument();
    expect(await screen.findByText(/laden keine Schriften oder Skripte von fremden Servern\.$/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/PayPal/);
  });
});
