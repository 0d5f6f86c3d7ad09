import * as z from 'zod/mini';
import { i18n } from '../../../i18n/index.ts';

/**
 * The domain's schemas validate every back-office form as people type. Their messages are
 * made for developers ("Too small: expected string to have >=1 characters"); this turns each issue into
 * a sentence in the language the page speaks, from the issue's code and limits. Messages a schema sets
 * itself (a refine's) are kept.
 */
export function fieldErrorText(issue: z.core.$ZodRawIssue): string | undefined {
  const t = i18n.getFixedT(null, 'adminForms', 'errors');
  const min = { min: String(issue['minimum']) };
  const max = { max: String(issue['maximum']) };
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? t('required') : t('too_short', min);
      return issue.origin === 'array' ? t('too_few', min) : t('at_least', min);
    case 'too_big':
      if (issue.origin === 'string') return t('too_long', max);
      return issue.origin === 'array' ? t('too_many', max) : t('at_most', max);
    case 'invalid_type':
      if (issue.expected === 'number') return t('number');
      if (issue.expected === 'int') return t('whole_number');
      return issue.input === undefined || issue.input === null ? t('choose') : t('invalid');
    case 'not_multiple_of':
      return issue.divisor === 0.01 ? t('cents') : t('whole_number');
    case 'invalid_format':
      return issue.format === 'email' ? t('email') : t('invalid');
    case 'invalid_value':
      return t('choose');
    default:
      return undefined;
  }
}

/** Installs `fieldErrorText` as zod's messages while the back office is loaded. */
export function installFieldErrorTexts(): void {
  z.config({ customError: fieldErrorText });
}
