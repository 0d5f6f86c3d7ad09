import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { HttpError } from '../../plugins/errors.ts';
import { createWorkLimiter } from '../../plugins/work-limiter.ts';

/**
 * Argon2id (the library's default algorithm; its `Algorithm` is a const enum that erasable TypeScript
 * cannot import) with the OWASP baseline of 19 MiB and 2 passes. `@node-rs/argon2` hashes on libuv's
 * thread pool, so a login never blocks the event loop.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Too many password checks are waiting already: 503, and the client tries again in a moment. */
export class PasswordWorkBusy extends HttpError {
  constructor() {
    super(503, 'busy', {
      de: 'Gerade melden sich sehr viele gleichzeitig an. Bitte versuchen Sie es in einem Moment erneut.',
      en: 'Very many people are logging in at once. Please try again in a moment.',
    });
  }
}

/**
 * At most three hashes run at once (one of libuv's four threads stays free for file reads and DNS
 * whatever the number of cores), and at most 64 wait for a turn. Each takes 19 MiB and a thread of the
 * pool: unbounded, a burst of logins would queue every other request's file read behind it and take
 * memory without limit.
 */
const passwordWork = createWorkLimiter(
  Math.max(1, Math.min(3, availableParallelism())),
  64,
  () => new PasswordWorkBusy(),
);

export function hashPassword(password: string): Promise<string> {
  return passwordWork(() => hash(password, ARGON2_OPTIONS));
}

/**
 * Whether the password matches the hash; a malformed hash (an account without a password) never matches.
 * Throws `PasswordWorkBusy` when too many checks are waiting.
 */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordWork(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
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
