import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { testStoreQuery } from '../../store/test-store.ts';
import { useDelivery } from '../delivery-store.ts';
import { usePostcodePicker } from '../picker-store.ts';
import { testPostcodes } from '../test-postcodes.ts';
import { PostcodeChip } from './postcode-chip.tsx';

beforeEach(async () => {
  await changeLanguage('de');
  useDelivery.setState({ orderType: 'delivery', postcode: null });
  usePostcodePicker.setState({ open: false, requested: false });
});

describe('postcode chip', () => {
  it('asks for a postcode, in short on mobile and by the whole text to assistive technology, and opens the picker', async () => {
    renderWithProviders(<PostcodeChip />, { queryData: [testStoreQuery] });
    // jsdom has no CSS: the name holds the wide and the mobile text, of which a browser shows one.
    const chip = screen.getByRole('button', { name: /^Postleitzahl wählen/ });
    expect(screen.getAllByText('Postleitzahl wählen').map((text) => text.className)).toEqual([
      'only-wide',
      'only-mobile sr-only',
    ]);
    // Not "Postleitzahl w…": a phone shows a short call that fits.
    const short = screen.getByText('PLZ wählen');
    expect(short).toHaveClass('only-mobile');
    expect(short).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText(/…/)).not.toBeInTheDocument();
    await userEvent.click(chip);
    expect(usePostcodePicker.getState().open).toBe(true);
  });

  it('has a short English call on mobile too', async () => {
    await changeLanguage('en');
    renderWithProviders(<PostcodeChip />, { queryData: [testStoreQuery] });
    expect(screen.getByRole('button', { name: /^Choose postcode/ })).toBeInTheDocument();
    expect(screen.getByText('Postcode')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText(/…/)).not.toBeInTheDocument();
  });

  it('shows the chosen postcode with the city of the restaurant', () => {
    useDelivery.setState({ postcode: testPostcodes[0] ?? null });
    renderWithProviders(<PostcodeChip />, { queryData: [testStoreQuery] });
    expect(screen.getByRole('button', { name: /^Lieferung nach\s*10115 Berlin.*Postleitzahl ändern$/ })).toBeVisible();
    expect(screen.getAllByText('10115 Berlin')).toHaveLength(2);
  });

  it('is not shown for pickup', () => {
    useDelivery.setState({ orderType: 'pickup', postcode: testPostcodes[0] ?? null });
    renderWithProviders(<PostcodeChip />, { queryData: [testStoreQuery] });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
