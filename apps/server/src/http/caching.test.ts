import { describe, expect, it } from 'vitest';
import { chooseEncoding, ifNoneMatchHits } from './caching.ts';

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

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['gzip;q=0', null],
  ] as const)('%j → %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});
