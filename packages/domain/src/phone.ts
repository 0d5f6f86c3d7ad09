// Phone numbers as people type them, stored in E.164 ("+49 170 1234 5678" was cut to
// "49170123456", a number nobody can call). libphonenumber-js knows every country's lengths and formats;
// its small metadata (`/min`) checks a number's length, not which digit blocks are allocated, so a
// newly issued number is never refused (decision 015).
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** E.164: at most 15 digits, the country code included. */
export const PHONE_MAX_DIGITS = 15;
/** The longest phone number a form takes: 15 digits with room for spaces, brackets and dashes. */
export const PHONE_INPUT_MAX_LENGTH = 32;
/** The shop is in Germany: a number without a country code ("0170 1234567") is a German one. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'DE';

/** Digits and what people write between them; "+" only in front. Letters (an "ext.") are refused. */
const PHONE_CHARACTERS = /^\+?[\d\s/().-]+$/;

/**
 * A phone number as typed ("+49 170 1234 5678", "0170/123 45 67", "(030) 123-456", "+43 1 234567") in
 * E.164 ("+4917012345678"), or null when it cannot be one: letters, too few or too many digits for its
 * country, more than 15 digits, an unknown country code.
 */
export function normalizePhone(typed: string): string | null {
  const text = typed.trim();
  if (text.length > PHONE_INPUT_MAX_LENGTH || !PHONE_CHARACTERS.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, { defaultCountry: DEFAULT_PHONE_COUNTRY, extract: false });
  if (!phone?.isValid() || phone.number.length - 1 > PHONE_MAX_DIGITS) return null;
  return phone.number;
}

/**
 * A stored phone number as people read it: a German one in national form ("0170 1234567"), any other
 * in international form ("+43 1 234567"). A value stored before numbers were normalised has no "+" and
 * its country is unknown ("49151…" may be a German mobile or a number in Leer), so it is shown as stored.
 */
export function formatPhone(stored: string): string {
  if (!stored.startsWith('+')) return stored;
  const phone = parsePhoneNumberFromString(stored, { extract: false });
  if (!phone) return stored;
  return phone.country === DEFAULT_PHONE_COUNTRY ? phone.formatNational() : phone.formatInternational();
}

/** A `tel:` link to a phone number however it is written: its digits, and a leading "+" when it has one. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** The fewest digits a phone search looks for: fewer would find half the customers. */
export const PHONE_SEARCH_MIN_DIGITS = 5;

/**
 * The digits a search for a typed phone number, whole or in part, looks for inside the stored numbers'
 * digits: the number without its country code or national 0. So "0170 1234567", "+49 170 1234567",
 * "0049 170 1234567" and "+49 (0)170 1234567" all find "+491701234567", and a value stored before
 * numbers were normalised ("491701234567") too. Null for text that is not a phone number, or that has
 * fewer than `PHONE_SEARCH_MIN_DIGITS` digits left.
 */
export function phoneSearchDigits(typed: string): string | null {
  const text = typed.trim().replace('(0)', '');
  if (text.length > PHONE_INPUT_MAX_LENGTH || !PHONE_CHARACTERS.test(text)) return null;
  const whole = normalizePhone(text);
  const digits = whole
    ? (parsePhoneNumberFromString(whole, { extract: false })?.nationalNumber ?? whole.slice(1))
    : withoutPrefix(text);
  return digits.length >= PHONE_SEARCH_MIN_DIGITS ? digits : null;
}

/** The digits of a partial number, less the home country's code or the national 0 it starts with. */
function withoutPrefix(text: string): string {
  const digits = text.replace(/\D/g, '');
  const home = getCountryCallingCode(DEFAULT_PHONE_COUNTRY);
  const international = text.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  if (international !== null) return international.startsWith(home) ? international.slice(home.length) : international;
  return digits.startsWith('0') ? digits.slice(1) : digits;
}
