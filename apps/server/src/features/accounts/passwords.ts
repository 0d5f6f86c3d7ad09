import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id (the library's default algorithm; its `Algorithm` is a const enum that erasable TypeScript
 * cannot import) with the OWASP baseline of 19 MiB and 2 passes. `@node-rs/argon2` hashes on libuv's
 * thread pool, so a login never blocks the event loop.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Whether the password matches the hash; a malformed hash (an account without a password) never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A real hash of a random password, made once: logins with an unknown email verify against it, so they
 * take as long as logins with a known one and the timing does not reveal which accounts exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * Whether a password is among the most common ones (case-insensitive). `common-passwords.txt` holds the
 * entries of 8 characters or more among the 20,000 most common passwords of the zxcvbn-ts common
 * list (MIT), followed by common German ones that list lacks (`passwort123`, `schalke04`, ...);
 * shorter ones are refused by the length rule already.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}
