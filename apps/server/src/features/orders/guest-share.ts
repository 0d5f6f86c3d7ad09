/**
 * The guests' share of a slot (docs/decisions/020-strangers-orders.md). Anyone can place a guest order, from
 * any address, for any e-mail: a few hundred invented ones could book a day's kitchen until the automatic
 * rejection frees it. So guest orders that staff have not answered yet may hold at most a share of each
 * slot's places; an order staff accepted, and a signed-in customer's, is not held to it.
 */

/** How a slot's counts read for one order: how many of its places that order must count as taken. */
export type SlotReading = (taken: number, guestsWaiting: number, capacity: number) => number;

/** The places of a slot that unanswered guest orders may hold: at least one, so a small kitchen still takes guests. */
export function guestPlaces(capacity: number, sharePercent: number): number {
  return Math.max(1, Math.floor((capacity * sharePercent) / 100));
}

/** A signed-in customer's order: the slot's active orders, whoever placed them. */
export const customerReading: SlotReading = (taken) => taken;

/**
 * A guest's order: the slot is full once its unanswered guest orders hold the guests' places, however much
 * room is left for the others; else as for anyone.
 */
export function guestReading(sharePercent: number): SlotReading {
  return (taken, guestsWaiting, capacity) =>
    Math.max(taken, capacity - guestPlaces(capacity, sharePercent) + guestsWaiting);
}

/** The reading for an order by a customer (`customerId`) or a guest (null). */
export function readingFor(customerId: number | null, sharePercent: number): SlotReading {
  return customerId === null ? guestReading(sharePercent) : customerReading;
}
