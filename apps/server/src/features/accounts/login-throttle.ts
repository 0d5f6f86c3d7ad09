import type { Counter, Limit } from '../../plugins/rate-limits.ts';

/**
 * How many failed logins are allowed, and where they are counted (decision 006). Tight per account and
 * client address and per client address, so guessing is stopped where it comes from; loose per account
 * from everywhere (OWASP ASVS 2.2.1: at most 100 failures an hour), so nobody can lock the staff out of
 * their own shop with a few wrong passwords from somewhere else.
 */
export interface LoginLimits {
  /** Failures for one account from one client address. */
  accountAtAddress: Limit;
  /** Failures from one client address, whatever accounts they try. */
  address: Limit;
  /** Failures for one account, whatever address they come from. */
  account: Limit;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  accountAtAddress: { max: 5, windowSeconds: 15 * 60 },
  address: { max: 20, windowSeconds: 15 * 60 },
  account: { max: 100, windowSeconds: 60 * 60 },
};

/** The counters one login attempt for `email` (normalised) from `ip` is counted on. */
export function loginCounters(limits: LoginLimits, email: string, ip: string): Counter[] {
  return [
    { kind: 'login:account-address', subject: `${email} ${ip}`, limit: limits.accountAtAddress },
    { kind: 'login:address', subject: ip, limit: limits.address },
    { kind: 'login:account', subject: email, limit: limits.account },
  ];
}
