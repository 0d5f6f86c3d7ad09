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

/**
 * The counters one login attempt is counted on. A device that has signed in to this account before (a
 * valid known-device token) is counted on its own, as tightly as one address, and on nothing else: so
 * nobody guessing elsewhere can lock it out, and guessing from it is still stopped (OWASP's device cookies).
 */
export function loginCounters(limits: LoginLimits, email: string, ip: string, deviceId: string | null): Counter[] {
  if (deviceId !== null) return [{ kind: 'login:device', subject: deviceId, limit: limits.accountAtAddress }];
  return [
    { kind: 'login:account-address', subject: `${email} ${ip}`, limit: limits.accountAtAddress },
    { kind: 'login:address', subject: ip, limit: limits.address },
    { kind: 'login:account', subject: email, limit: limits.account },
  ];
}
