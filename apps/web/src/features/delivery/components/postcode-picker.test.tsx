import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { postcodesQueryOptions } from '../api/get-postcodes.ts';
import { useDelivery } from '../delivery-store.ts';
import { usePostcodePicker } from '../picker-store.ts';
import { testPostcodes } from '../test-postcodes.ts';
import { testStoreQuery } from '../../store/test-store.ts';
import PostcodePicker, { BLUR_CLOSE_DELAY_MS } from './postcode-picker.tsx';

function renderPicker() {
  usePostcodePicker.setState({ open: true, requested: true });
  return renderWithProviders(<PostcodePicker />, {
    queryData: [[postcodesQueryOptions().queryKey, testPostcodes], testStoreQuery],
  });
}

// While the list is open Base UI hides everything else from assistive technology (aria-hidden).
const input = () => screen.getByRole('combobox', { name: 'Postleitzahl', hidden: true });
const confirm = () => screen.getByRole('button', { name: 'Standort bestätigen', hidden: true });
const options = () => screen.queryAllByRole('option').map((option) => option.textContent);

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('de');
  useDelivery.setState({ orderType: 'delivery', postcode: null });
});

afterEach(() => {
  vi.useRealTimers();
  usePostcodePicker.setState({ open: false, requested: false });
});

describe('postcode picker', () => {
  it('is a dialog listing every postcode with its fee, minimum order and delivery time', async () => {
    const user = userEvent.setup();
    renderPicker();
    expect(screen.getByRole('dialog', { name: 'Wohin dürfen wir liefern?' })).toBeInTheDocument();
    await user.click(input());
    const listbox = await screen.findByRole('listbox');
    const first = within(listbox).getAllByRole('option')[0];
    expect(first).toHaveTextContent('10115');
    expect(first).toHaveTextContent('2,50 €');
    expect(first).toHaveTextContent('Mindestbestellwert 15,00 €');
    expect(first).toHaveTextContent('ca. 35 Min.');
    expect(within(listbox).getAllByRole('option')[2]).toHaveTextContent('Gratis');
    expect(options()).toHaveLength(4);
  });

  it('keeps Confirm Location disabled until a listed postcode is chosen', async () => {
    const user = userEvent.setup();
    renderPicker();
    expect(confirm()).toBeDisabled();
    await user.click(input());
    await user.click(await screen.findByRole('option', { name: /10117/ }));
    expect(input()).toHaveValue('10117');
    expect(confirm()).toBeEnabled();
  });

  it('filters case-insensitively by substring', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), '011');
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(options().join(' ')).toMatch(/10115.*10117/);
    await user.clear(input());
    await user.type(input(), '43');
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(options().join(' ')).toMatch(/10435.*12043/);
  });

  it('clears the selection when the text no longer matches a listed postcode exactly', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(input());
    await user.click(await screen.findByRole('option', { name: /10115/ }));
    expect(confirm()).toBeEnabled();
    await user.type(input(), '9');
    expect(confirm()).toBeDisabled();
    await user.type(input(), '{Backspace}');
    expect(input()).toHaveValue('10115');
    expect(confirm()).toBeEnabled();
  });

  it('navigates with the arrow keys, chooses with Enter and closes the list with Escape', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), '10');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('option', { name: /10115/ })).toHaveAttribute('data-highlighted'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: /10117/ })).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    expect(input()).toHaveValue('10117');
    expect(confirm()).toBeEnabled();
    expect(useDelivery.getState().postcode).toBeNull();

    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), '99999');
    expect(await screen.findByText('Keine Postleitzahlen gefunden für „99999“')).toBeInTheDocument();
    expect(options()).toHaveLength(0);
    expect(confirm()).toBeDisabled();

    await act(() => changeLanguage('en'));
    expect(await screen.findByText('No postcodes found matching "99999"')).toBeInTheDocument();
  });

  it('offers pickup for a whole postcode it does not deliver to', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), '99999');
    expect(
      await screen.findByText('Nach 99999 liefern wir leider nicht. Sie können Ihre Bestellung bei uns abholen.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stattdessen abholen', hidden: true }));
    expect(useDelivery.getState().orderType).toBe('pickup');
    expect(usePostcodePicker.getState().open).toBe(false);
  });

  it('does not offer pickup for a postcode still being typed', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), '999');
    expect(await screen.findByText('Keine Postleitzahlen gefunden für „999“')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stattdessen abholen', hidden: true })).not.toBeInTheDocument();
  });

  it('gives a postcode it delivers to as the example', async () => {
    const served = testPostcodes.map((entry, index) => ({ ...entry, postcode: String(12043 + index) }));
    usePostcodePicker.setState({ open: true, requested: true });
    renderWithProviders(<PostcodePicker />, {
      queryData: [[postcodesQueryOptions().queryKey, served], testStoreQuery],
    });
    expect(input()).toHaveAttribute('placeholder', 'z. B. 12043');
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('combobox', { name: 'Postcode', hidden: true })).toHaveAttribute(
      'placeholder',
      'e.g. 12043',
    );
  });

  it('closes the list 150 ms after the input loses focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPicker();
    await user.click(input());
    await screen.findByRole('listbox');
    act(() => screen.getByRole('button', { name: 'Abbrechen', hidden: true }).focus());
    act(() => vi.advanceTimersByTime(BLUR_CLOSE_DELAY_MS - 30));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });

  it('stores the confirmed postcode and closes', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(input());
    await user.click(await screen.findByRole('option', { name: /10435/ }));
    await user.click(confirm());
    expect(useDelivery.getState().postcode).toEqual(testPostcodes[2]);
    expect(usePostcodePicker.getState().open).toBe(false);
    expect(JSON.parse(localStorage.getItem('delivery_postcode') ?? 'null')).toBe('10435');
  });

  it('starts from the postcode chosen before', async () => {
    useDelivery.setState({ postcode: testPostcodes[1] ?? null });
    renderPicker();
    expect(input()).toHaveValue('10117');
    expect(confirm()).toBeEnabled();
  });
});
