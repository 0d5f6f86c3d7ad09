import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LocalizedText } from '@pizzeria/domain';
import { clientSubject } from '../../plugins/client-address.ts';
import { HttpError } from '../../plugins/errors.ts';
import { tooMany } from '../../plugins/rate-limits.ts';
import { PasswordWorkBusy } from './passwords.ts';
import type { AccountsService } from './service.ts';

// What the doors to one's own account share: the refusals they give in the same words (the shop's and
// the back office's sign-in, "Mein Konto", the data download and deletion, a colleague's invitation),
// who the signed-in customer is, and the current password asked before a change.

export const PASSWORD_TOO_COMMON = new HttpError(400, 'password_too_common', {
  de: 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
  en: 'This password is too common and easy to guess. Please choose another one.',
});

/** The token was good, but its account has been deleted since. */
export const NO_ACCOUNT = new HttpError(401, 'session_expired', {
  de: 'Ihr Konto gibt es nicht mehr. Bitte melden Sie sich erneut an.',
  en: 'Your account no longer exists. Please log in again.',
});

/** The current password asked for before a change (address, password, deletion) was not the account's. */
export const WRONG_PASSWORD = new HttpError(400, 'wrong_password', {
  de: 'Das aktuelle Passwort stimmt nicht.',
  en: 'The current password is not correct.',
});

/** A staff account on a customer's own routes: the owner looks after the team's accounts. */
export const CUSTOMERS_ONLY = new HttpError(403, 'forbidden', {
  de: 'Konten des Teams verwaltet die Inhaberin oder der Inhaber im Back Office.',
  en: 'Staff accounts are managed by the owner in the back office.',
});

/** A signed-in device (a customer's or staff's) that is not, or no longer, the caller's to end or name. */
export const SESSION_NOT_FOUND = new HttpError(404, 'session_not_found', {
  de: 'Dieses Gerät ist nicht (mehr) angemeldet.',
  en: 'This device is not signed in (any more).',
});

const tooManyPasswords = (wait: LocalizedText): LocalizedText => ({
  de: `Zu viele falsche Passwörter. Bitte versuchen Sie es ${wait.de} erneut.`,
  en: `Too many wrong passwords. Please try again ${wait.en}.`,
});

/**
 * Passes when `password` is the account's current one, else throws `WRONG_PASSWORD` (or 429 with
 * Retry-After, 503 when the password work is busy). Checked as a login of the account from the caller's
 * address (decision 006), so the forms that ask for it guess no faster than the login: a device left
 * signed in cannot find the password by trying.
 */
export async function confirmOwnPassword(
  login: AccountsService['login'],
  request: FastifyRequest,
  reply: FastifyReply,
  account: { id: number; email: string },
  password: string,
): Promise<void> {
  let result;
  try {
    result = await login({
      email: account.email,
      password,
      ip: clientSubject(request.ip),
      language: request.language,
      deviceToken: undefined,
    });
  } catch (error) {
    if (error instanceof PasswordWorkBusy) void reply.header('retry-after', '1');
    throw error;
  }
  if (result.kind === 'throttled')
    throw tooMany(reply, result.retryAfterSeconds, 'too_many_attempts', tooManyPasswords);
  if (result.kind === 'invalid' || result.user.id !== account.id) throw WRONG_PASSWORD;
}

/** The signed-in customer and their device; staff accounts are the owner's to manage (docs/product/back-office.md). */
export function signedInCustomer(request: FastifyRequest): { id: number; sessionId: number } {
  const caller = request.caller;
  if (!caller) throw NO_ACCOUNT;
  if (caller.role !== 'customer' || caller.sessionId === undefined) throw CUSTOMERS_ONLY;
  return { id: caller.id, sessionId: caller.sessionId };
}
