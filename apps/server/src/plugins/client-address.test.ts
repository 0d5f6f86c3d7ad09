import { describe, expect, it } from 'vitest';
import { clientSubject } from './client-address.ts';

describe('clientSubject', () => {
  it('counts an IPv4 address as itself', () => {
    expect(clientSubject('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as the same client', () => {
    const subjects = [
      '2001:db8:85a3:12::1',
      '2001:0db8:85a3:0012:ffff:ffff:ffff:fffe',
      '2001:db8:85a3:12:8a2e:370:7334:1',
      '2001:db8:85a3:12::8a2e:0:7334%eth0',
    ].map(clientSubject);
    expect(new Set(subjects)).toEqual(new Set(['2001:db8:85a3:12::/64']));
  });

  it('tells neighbouring /64 networks apart', () => {
    expect(clientSubject('2001:db8:85a3:13::1')).not.toBe(clientSubject('2001:db8:85a3:12::1'));
    expect(clientSubject('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(clientSubject('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(clientSubject('::ffff:c633:6404')).toBe('198.51.100.4');
  });

  it('passes anything that is no IP address through unchanged', () => {
    expect(clientSubject('unknown')).toBe('unknown');
  });
});
