import { describe, expect, it } from 'vitest';
import { splitStreetLine, streetLine } from './street-line.ts';

describe('street and house number as one line', () => {
  it('joins them in the German order, without stray spaces', () => {
    expect(streetLine(' Torstraße ', ' 12 ')).toBe('Torstraße 12');
    expect(streetLine('Torstraße', '')).toBe('Torstraße');
  });

  it('splits a saved line back into the two fields', () => {
    expect(splitStreetLine('Torstraße 12')).toEqual({ street: 'Torstraße', house_number: '12' });
    expect(splitStreetLine('Straße des 17. Juni 135')).toEqual({ street: 'Straße des 17. Juni', house_number: '135' });
    expect(splitStreetLine('Am Markt 3a')).toEqual({ street: 'Am Markt', house_number: '3a' });
    expect(splitStreetLine('Hauptstraße 12-14')).toEqual({ street: 'Hauptstraße', house_number: '12-14' });
    expect(splitStreetLine('Alt-Moabit 3/1')).toEqual({ street: 'Alt-Moabit', house_number: '3/1' });
    expect(splitStreetLine('Unter den Linden')).toEqual({ street: 'Unter den Linden', house_number: '' });
  });

  it('gives back the same line it split', () => {
    for (const line of ['Torstraße 12', 'Am Markt 3a', 'Hauptstraße 12-14', 'Unter den Linden']) {
      const { street, house_number } = splitStreetLine(line);
      expect(streetLine(street, house_number)).toBe(line);
    }
  });
});
