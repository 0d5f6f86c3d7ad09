import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// How many subscribers this machine lets `status-subscribers.ts` open: each holds one descriptor in the
// server's process and one in the subscribers', and one local port. Node raises its own soft file limit
// to the hard one when it starts (and children inherit that), so only the hard limit counts; raising it
// needs CAP_SYS_RESOURCE, which `prlimit` uses when the run has it. Linux; elsewhere the limits are unknown.

/** The hard limit on open files of this process (`ulimit -Hn`). */
export function hardFileLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const hard = line?.split(/\s{2,}/)[2];
    return hard === undefined || hard === 'unlimited' ? Infinity : Number(hard);
  } catch {
    return Infinity;
  }
}

/**
 * Raises this process's file limit (soft and hard) to `wanted` when it is lower; children forked
 * afterwards inherit it. Returns the hard limit now, and why it could not be raised.
 */
export function raiseFileLimit(wanted: number): { limit: number; refused: string | null } {
  const limit = hardFileLimit();
  if (limit >= wanted) return { limit, refused: null };
  try {
    execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${wanted}:${wanted}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return { limit: hardFileLimit(), refused: null };
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return { limit, refused: stderr || (error instanceof Error ? error.message : String(error)) };
  }
}

/** Descriptors this process has open now. */
export function openFiles(): number {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return 0;
  }
}

/** The local ports one source address can connect from (`ip_local_port_range`). */
export function ephemeralPorts(): number {
  try {
    const [low = 0, high = -1] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return high - low + 1;
  } catch {
    return Infinity;
  }
}

/**
 * The loopback addresses the subscribers connect from: none (the system picks) while one address's
 * ports suffice, else 127.0.0.2, 127.0.0.3, … (all of 127/8 is loopback on Linux), each bound with
 * its own ports. `forced` (BENCH_SOURCE_ADDRESSES) asks for that many whatever the need.
 */
export function sourceAddresses(subscribers: number, portsPerAddress: number, forced?: number): string[] {
  const needed = forced ?? (subscribers <= portsPerAddress ? 0 : Math.ceil(subscribers / portsPerAddress));
  return Array.from({ length: needed }, (_, index) => `127.0.0.${index + 2}`);
}
