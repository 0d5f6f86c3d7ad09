import { act, render, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useBackCloses } from './back-closes.ts';

// On a phone, Back with the cart or a dish open left the shop.

const controls: Record<string, (open: boolean) => void> = {};

function Sheet({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    controls[name] = setOpen;
  }, [name]);
  useBackCloses(open, () => setOpen(false));
  return open ? <p>{name} open</p> : null;
}

const onMarker = () => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'pizzeriaDialog' in state;
};

/** Back, as the browser's button does it: the popstate comes in a later task. */
async function back() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  });
}

let startLength: number;

beforeEach(() => {
  window.history.replaceState(null, '', '/order-online/');
  startLength = window.history.length;
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Back with a sheet open', () => {
  it('closes the sheet and stays on the page', async () => {
    const view = render(<Sheet name="cart" />);
    act(() => controls.cart?.(true));
    expect(view.getByText('cart open')).toBeInTheDocument();
    expect(window.history.length).toBe(startLength + 1);
    expect(onMarker()).toBe(true);

    await back();
    expect(view.queryByText('cart open')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/order-online/');
    expect(onMarker()).toBe(false);
  });

  it('takes its entry off again when the sheet is closed by its own button', async () => {
    const view = render(<Sheet name="cart" />);
    act(() => controls.cart?.(true));
    act(() => controls.cart?.(false));
    await waitFor(() => expect(onMarker()).toBe(false));
    expect(view.queryByText('cart open')).not.toBeInTheDocument();
  });

  it('keeps one entry when one sheet hands over to another, and Back closes the second', async () => {
    const view = render(
      <>
        <Sheet name="cart" />
        <Sheet name="login" />
      </>,
    );
    act(() => controls.cart?.(true));
    act(() => {
      controls.cart?.(false);
      controls.login?.(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.getByText('login open')).toBeInTheDocument();
    expect(onMarker()).toBe(true);

    await back();
    expect(view.queryByText('login open')).not.toBeInTheDocument();
    expect(onMarker()).toBe(false);
  });

  it('gives a sheet that opens a moment after another closed (its code arriving late) an entry of its own', async () => {
    const view = render(
      <>
        <Sheet name="cart" />
        <Sheet name="dish" />
      </>,
    );
    act(() => controls.cart?.(true));
    const stepBack = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    act(() => controls.cart?.(false));
    // The cart's entry is on its way out when the dish opens.
    await new Promise((resolve) => setTimeout(resolve, 5));
    act(() => controls.dish?.(true));
    await act(() => stepBack);
    expect(view.getByText('dish open')).toBeInTheDocument();
    expect(onMarker()).toBe(true);

    await back();
    expect(view.queryByText('dish open')).not.toBeInTheDocument();
    expect(onMarker()).toBe(false);
  });

  it('does not go back when the sheet closed because the shop navigated on', async () => {
    const view = render(<Sheet name="cart" />);
    act(() => controls.cart?.(true));
    act(() => {
      controls.cart?.(false);
      window.history.pushState(null, '', '/order-online/checkout');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.location.pathname).toBe('/order-online/checkout');
    expect(view.queryByText('cart open')).not.toBeInTheDocument();
  });
});
