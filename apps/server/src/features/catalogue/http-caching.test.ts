import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits } from './http-caching.ts';

describe('ifNoneMatchHits', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['', false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"old", "abc"', true],
    ['"old"', false],
    ['abc', false],
    ['*', true],
  ] as const)('%j → %s', (header, hit) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hit);
  });
});
