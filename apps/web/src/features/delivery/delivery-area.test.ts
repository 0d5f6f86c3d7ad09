import { describe, expect, it } from 'vitest';
import { cityFromAddress, deliveryAreaLabel } from './delivery-area.ts';

describe('delivery area label', () => {
  it('takes the city after the postcode of the restaurant’s address', () => {
    expect(cityFromAddress('Kastanienallee 12, 10435 Berlin')).toBe('Berlin');
    expect(cityFromAddress('Unter den Linden 1, 10117 Berlin-Mitte')).toBe('Berlin-Mitte');
    expect(cityFromAddress('somewhere')).toBeNull();
    expect(cityFromAddress(undefined)).toBeNull();
  });

  it('is the postcode and the city, or the postcode alone', () => {
    expect(deliveryAreaLabel('10115', 'Berlin')).toBe('10115 Berlin');
    expect(deliveryAreaLabel('10115', null)).toBe('10115');
  });
});
