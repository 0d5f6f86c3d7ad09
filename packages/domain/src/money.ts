/** Money is always an integer number of cents inside the domain. */
export type Cents = number;

/** Converts an API decimal amount (`8.5`) to integer cents, rounding half away from zero. */
export function toCents(amount: number): Cents {
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100);
}

/** Converts integer cents to the API's decimal amount (`850` → `8.5`). */
export function fromCents(cents: Cents): number {
  return cents / 100;
}
