import { ApiRequestError } from '../../../lib/api-client.ts';

/** A refusal's own words (an order still open, the kitchen was first, too many tries), else the generic line. */
export function failureMessage(error: unknown, generic: string): string {
  return error instanceof ApiRequestError && error.status < 500 && error.code !== 'http_error'
    ? error.message
    : generic;
}
