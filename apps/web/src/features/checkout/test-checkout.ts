import { vi } from 'vitest';
import type { CartItem } from '@pizzeria/domain';
import { i18n } from '../../i18n/index.ts';
import { useCart } from '../cart/index.ts';
import { useDelivery } from '../delivery/index.ts';
import { testPostcodes } from '../delivery/test-postcodes.ts';
import { useSessionStore } from '../session/index.ts';
import { useStoreStatus } from '../store-status/index.ts';
import { useGuestDetails, type GuestDetails } from './guest-details-store.ts';

/**
 * The state a checkout test starts from: German, nothing stored, signed out, this cart delivered to the
 * first test area, Anna's guest details (with `guest` changed), the live status still connecting.
 */
export async function startCheckout(
  cart: { items: CartItem[]; note: string },
  guest: Partial<GuestDetails> = {},
): Promise<void> {
  await i18n.changeLanguage('de');
  localStorage.clear();
  useCart.setState(cart);
  useDelivery.setState({ orderType: 'delivery', postcode: testPostcodes[0] ?? null });
  useGuestDetails.setState({
    details: {
      customer_name: 'Anna',
      phone: '030123456',
      email: '',
      street: 'Torstraße',
      house_number: '1',
      line2: '',
      postcode: '10115',
      ...guest,
    },
  });
  useSessionStore.setState({ user: null, token: null, loading: false });
  useStoreStatus.setState({ status: { kind: 'connecting' }, revision: 0 });
}

export type FakeAnswer = { status: number; body: unknown };

/**
 * Puts a fake `fetch` in place that records each call in `calls` and answers from the list `answersFor`
 * finds, in turn (the last one stays); a call without answers fails as a lost connection would.
 */
export function stubFetch(
  calls: { url: string; init: RequestInit | undefined }[],
  answersFor: (url: string, init: RequestInit | undefined) => FakeAnswer[] | undefined,
): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      calls.push({ url: input, init });
      const list = answersFor(input, init);
      const next = list && list.length > 1 ? list.shift() : list?.[0];
      if (!next) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(new Response(JSON.stringify(next.body), { status: next.status }));
    }),
  );
}
