import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
  });

  it('takes a hop count, or proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses "trust everyone" and anything that is not an address, with a clear message', () => {
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/hop count or proxy addresses[\s\S]*at TRUST_PROXY/);
    }
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('is 10 unless set', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
  });

  it('refuses a size that is not a whole number of at least one', () => {
    for (const value of ['0', '-3', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
