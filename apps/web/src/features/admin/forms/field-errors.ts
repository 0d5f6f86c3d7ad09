import * as z from 'zod/mini';
import { i18n } from '../../../i18n/index.ts';
import { adminFormsTexts } from './locales.ts';

/** The fields with sentences of their own (`errors.fields.<name>.required|negative`). */
const FIELD_TEXTS: Readonly<Record<string, Readonly<Record<string, string>>>> = adminFormsTexts.de.errors.fields;

/**
 * The back office's fields by what they hold, named as the domain's schemas name them (the last part of
 * the path: `variants.0.price` is a price). A field's own "required" and "not negative" sentences are in
 * the locales under `errors.fields.<name>`.
 */
const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'price',
  'deposit',
  'delivery_fee',
  'minimum_order_amount',
  'max_order_total',
]);
const PERCENT_FIELDS: ReadonlySet<string> = new Set(['percentage', 'value']);
/** Fields picked from a list (a select): asked for with "choose", never "enter". */
const CHOSEN_FIELDS: ReadonlySet<string> = new Set(['category_id', 'tax_rate_id', 'timezone', 'region']);

/** The field an issue is about: the last name in its path (`variants.0.price` → `price`). */
function fieldOf(issue: z.core.$ZodRawIssue): string | undefined {
  const path = issue.path ?? [];
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const part = path[index];
    if (typeof part === 'string') return part;
  }
  return undefined;
}

/**
 * Nothing there: the number fields keep an empty input as NaN (and a select's empty choice as null),
 * while text that is no number stays text (`fields.tsx`), so the two get different sentences.
 */
function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || input === '' || (typeof input === 'number' && Number.isNaN(input));
}

/**
 * The domain's schemas validate every back-office form as people type. Their messages are
 * made for developers ("Too small: expected string to have >=1 characters"); this turns each issue into
 * a sentence in the language the page speaks, from the issue's code, its limits and the field it is
 * about: an empty price asks for a price, a negative one says it cannot be negative, text that is no
 * number shows how to write one. Messages a schema sets itself (a refine's) are translated by
 * `schemaMessageText`.
 */
export function fieldErrorText(issue: z.core.$ZodRawIssue): string | undefined {
  const t = i18n.getFixedT(null, 'adminForms', 'errors');
  const field = fieldOf(issue);
  const own = (kind: 'required' | 'negative'): string | undefined =>
    field !== undefined && Object.hasOwn(FIELD_TEXTS, field) && FIELD_TEXTS[field]?.[kind] !== undefined
      ? t(`fields.${field}.${kind}` as 'required')
      : undefined;
  const money = field !== undefined && MONEY_FIELDS.has(field);
  const percent = field !== undefined && PERCENT_FIELDS.has(field);
  const chosen = field !== undefined && CHOSEN_FIELDS.has(field);
  const amount = (value: unknown) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', {
      minimumFractionDigits: money && !Number.isInteger(Number(value)) ? 2 : 0,
      maximumFractionDigits: 2,
    }).format(Number(value));
  const min = { min: amount(issue['minimum']) };
  const max = { max: amount(issue['maximum']) };
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? (own('required') ?? t('required')) : t('too_short', min);
      if (issue.origin === 'array') return t('too_few', min);
      // An id must be positive: 0 is what an empty choice becomes in some forms.
      if (chosen || field?.endsWith('_id')) return own('required') ?? t('choose');
      if (Number(issue.minimum) === 0 && typeof issue.input === 'number' && issue.input < 0)
        return own('negative') ?? t('negative');
      return money ? t('at_least_euros', min) : percent ? t('at_least_percent', min) : t('at_least', min);
    case 'too_big':
      if (issue.origin === 'string') return t('too_long', max);
      if (issue.origin === 'array') return t('too_many', max);
      return money ? t('at_most_euros', max) : percent ? t('at_most_percent', max) : t('at_most', max);
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') {
        if (isEmpty(issue.input)) return own('required') ?? (chosen ? t('choose') : t('number'));
        if (typeof issue.input === 'string') return percent ? t('percent_example') : t('number_example');
        return issue.expected === 'int' ? t('whole_number') : t('number');
      }
      return isEmpty(issue.input) ? (own('required') ?? t('choose')) : t('invalid');
    case 'not_multiple_of':
      return issue.divisor === 0.01 ? t('cents') : t('whole_number');
    case 'invalid_format':
      if (isEmpty(issue.input)) return own('required') ?? t('required');
      return issue.format === 'email' ? t('email') : t('invalid');
    case 'invalid_value':
      return own('required') ?? t('choose');
    default:
      return undefined;
  }
}

/**
 * The sentences a domain schema's refine sets itself, in English for API clients, as the page's language
 * says them. One the back office does not know is shown as the schema wrote it.
 */
const SCHEMA_MESSAGES: Readonly<Record<string, string>> = {
  'A simple product needs a price': 'fields.price.required',
  'A simple product has no sizes': 'schema.no_sizes',
  'A variable product needs at least one size': 'schema.needs_size',
  'A size is listed twice': 'schema.size_twice',
  'Only digits, spaces and + - ( ) /': 'schema.phone',
  'Not an e-mail address': 'email',
  'Not a known IANA time zone': 'fields.timezone.required',
  'Letters, digits, spaces and hyphens only': 'schema.postcode',
  'Must not contain NUL': 'invalid',
  'Must contain a letter or a digit': 'schema.letter_or_digit',
  'Letters, digits and hyphens only': 'schema.voucher_code',
  'A percentage voucher needs `percentage` (and no `amount`); an amount voucher needs `amount`': 'schema.voucher_value',
  'The last day cannot be before the first': 'schema.last_day_before_first',
};

/** A message of a domain schema in the page's language (see `SCHEMA_MESSAGES`). */
export function schemaMessageText(message: string): string {
  const key = SCHEMA_MESSAGES[message];
  return key ? i18n.getFixedT(null, 'adminForms', 'errors')(key as 'required') : message;
}

/** Installs `fieldErrorText` as zod's messages while the back office is loaded. */
export function installFieldErrorTexts(): void {
  z.config({ customError: fieldErrorText });
}
