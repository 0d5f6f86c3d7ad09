import { describe, expect, it } from 'vitest';
import { firstName, truncate } from './truncate.ts';

describe('truncate', () => {
  it('keeps text up to the limit', () => {
    expect(truncate('Maria', 5)).toBe('Maria');
    expect(truncate('10115 Berlin', 14)).toBe('10115 Berlin');
  });

  it('cuts longer text and marks the cut with an ellipsis', () => {
    expect(truncate('Maria', 4)).toBe('Mari…');
    expect(truncate('Postleitzahl wählen', 14)).toBe('Postleitzahl w…');
  });

  it('counts characters, not UTF-16 units, and drops a trailing space before the ellipsis', () => {
    expect(truncate('Zoë🍕 Rossi', 4)).toBe('Zoë🍕…');
    expect(truncate('12345 Berlin Mitte', 6)).toBe('12345…');
  });
});

describe('firstName', () => {
  it('is the first word of the name', () => {
    expect(firstName('  Maria  Rossi ')).toBe('Maria');
    expect(firstName('Luca')).toBe('Luca');
  });
});
