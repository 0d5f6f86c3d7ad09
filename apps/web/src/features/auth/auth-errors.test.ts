import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client.ts';
import { failureText } from './auth-errors.ts';

const texts = { generic: 'Etwas ist schiefgelaufen.', noMessage: 'Ohne Nachricht.' };

describe('failureText', () => {
  it('shows the server’s own words for a refusal and for a 503 that names its cause', () => {
    expect(failureText(new ApiRequestError(429, 'too_many_attempts', 'Zu viele Versuche.'), texts)).toBe(
      'Zu viele Versuche.',
    );
    expect(failureText(new ApiRequestError(503, 'busy', 'Bitte gleich noch einmal.'), texts)).toBe(
      'Bitte gleich noch einmal.',
    );
  });

  it('falls back when the answer says nothing useful', () => {
    expect(failureText(new ApiRequestError(400, 'http_error', 'Bad Request'), texts)).toBe('Ohne Nachricht.');
    expect(failureText(new ApiRequestError(503, 'http_error', 'Service Unavailable'), texts)).toBe(texts.generic);
    expect(failureText(new ApiRequestError(500, 'internal_error', 'Bei uns ...'), texts)).toBe(texts.generic);
    expect(failureText(new TypeError('Failed to fetch'), texts)).toBe(texts.generic);
  });
});
