import { isIPv4, isIPv6 } from 'node:net';

/**
 * The 16-bit groups of an IPv6 address, its `::` filled in and a dotted IPv4 tail turned into two
 * groups; the zone (`%eth0`) is dropped.
 */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const filled =
    tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return filled.map((group) => Number.parseInt(group, 16));
}

/**
 * Whom a client address's limits count: an IPv4 address itself, an IPv6 address by its /64 network. A
 * home or mobile line is given a whole /64 and may pick any address in it, so counting single IPv6
 * addresses would give one client 2^64 fresh counters. An IPv4 address written as IPv6 (`::ffff:…`)
 * counts as the IPv4 address.
 */
export function clientSubject(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    const ipv4 = `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
    if (isIPv4(ipv4)) return ipv4;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
