import { describe, expect, it } from 'vitest';
import { filterPostcodes, findExactPostcode } from './postcode.ts';

const entries = [
  { id: 1, postcode: '10115', delivery_fee: 2 },
  { id: 2, postcode: '10117', delivery_fee: 2.5 },
  { id: 3, postcode: '10245', delivery_fee: 3 },
  { id: 4, postcode: 'SW1A 1AA', delivery_fee: 4 },
];
const ids = (list: { id: number }[]) => list.map((entry) => entry.id);

describe('filterPostcodes', () => {
  it('returns every entry for an empty or blank query', () => {
    expect(ids(filterPostcodes(entries, ''))).toEqual([1, 2, 3, 4]);
    expect(ids(filterPostcodes(entries, '   '))).toEqual([1, 2, 3, 4]);
  });

  it('matches a substring anywhere, keeping the list order', () => {
    expect(ids(filterPostcodes(entries, '101'))).toEqual([1, 2]);
    expect(ids(filterPostcodes(entries, '45'))).toEqual([3]);
  });

  it('ignores case and surrounding spaces', () => {
    expect(ids(filterPostcodes(entries, ' sw1a '))).toEqual([4]);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterPostcodes(entries, '99999')).toEqual([]);
  });

  it('returns a new array', () => {
    expect(filterPostcodes(entries, '')).not.toBe(entries);
  });
});

describe('findExactPostcode', () => {
  it('finds the entry whose postcode is exactly the query', () => {
    expect(findExactPostcode(entries, '10117')?.id).toBe(2);
  });

  it('ignores case and surrounding spaces', () => {
    expect(findExactPostcode(entries, '  sw1a 1aa ')?.id).toBe(4);
  });

  it('is null for a partial match, so the picker clears its selection', () => {
    expect(findExactPostcode(entries, '1011')).toBeNull();
    expect(findExactPostcode(entries, '101150')).toBeNull();
  });

  it('is null for an empty query', () => {
    expect(findExactPostcode(entries, ' ')).toBeNull();
    expect(findExactPostcode([{ postcode: '' }], '')).toBeNull();
  });
});
