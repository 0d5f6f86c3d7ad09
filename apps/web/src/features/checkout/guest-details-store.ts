import { create } from 'zustand';
import * as z from 'zod/mini';
import { readStorage, writeStorage } from '../../lib/storage.ts';

/** Session storage key of the guest form, so a reload or the back button loses nothing. */
export const GUEST_DETAILS_KEY = 'guest_details';

/**
 * Street and house number are asked apart and sent as the order's `line1`. Details kept
 * before that read with the two empty: the form asks for them again.
 */
export const guestDetailsSchema = z.object({
  customer_name: z.string(),
  phone: z.string(),
  email: z.string(),
  street: z._default(z.string(), ''),
  house_number: z._default(z.string(), ''),
  line2: z.string(),
  postcode: z.string(),
});
export type GuestDetails = z.infer<typeof guestDetailsSchema>;

export const EMPTY_GUEST_DETAILS: GuestDetails = {
  customer_name: '',
  phone: '',
  email: '',
  street: '',
  house_number: '',
  line2: '',
  postcode: '',
};

function sessionStore(): Storage | undefined {
  return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
}

export function readGuestDetails(): GuestDetails {
  const storage = sessionStore();
  return (storage && readStorage(GUEST_DETAILS_KEY, guestDetailsSchema, storage)) ?? EMPTY_GUEST_DETAILS;
}

interface GuestDetailsState {
  details: GuestDetails;
  update: (changes: Partial<GuestDetails>) => void;
}

/** The guest's details, kept in session storage as they are typed. */
export const useGuestDetails = create<GuestDetailsState>()((set) => ({
  details: readGuestDetails(),
  update: (changes) => set((state) => ({ details: { ...state.details, ...changes } })),
}));

useGuestDetails.subscribe((state, previous) => {
  const storage = sessionStore();
  if (storage && state.details !== previous.details) writeStorage(GUEST_DETAILS_KEY, state.details, storage);
});
