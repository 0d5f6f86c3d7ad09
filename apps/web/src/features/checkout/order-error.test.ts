import { describe, expect, it } from 'vitest';
import { ORDER_ERROR_CODES } from '@pizzeria/domain';
import { ApiRequestError } from '../../lib/api-client.ts';
import { i18n } from '../../i18n/index.ts';
import { checkoutTexts } from './locales.ts';
import { describeOrderFailure } from './order-error.ts';

describe('order failures', () => {
  it('names every server code, and marks the time codes so the checkout asks for a new time', () => {
    const naming = new Set(['product_unavailable', 'topping_sold_out']);
    for (const code of ORDER_ERROR_CODES.filter((candidate) => !naming.has(candidate))) {
      const failure = describeOrderFailure(new ApiRequestError(422, code, 'server text'));
      expect(failure).toEqual({
        kind: 'code',
        code,
        timeProblem: code === 'store_closed' || code === 'invalid_time_slot' || code === 'slot_full',
      });
      expect(checkoutTexts.de.errors[code]).toMatch(/\S/);
      expect(checkoutTexts.en.errors[code]).toMatch(/\S/);
    }
  });

  it("shows the server's words for a dish that cannot be ordered: they name it", () => {
    const message = 'Pizza Salami (groß) ist heute ausverkauft. Bitte entfernen Sie es aus dem Warenkorb.';
    expect(describeOrderFailure(new ApiRequestError(422, 'product_unavailable', message))).toEqual({
      kind: 'dish',
      message,
    });
  });

  it("shows the server's words for an extra sold out today: they name it and its dish", () => {
    const message = 'Parmesan (bei Spaghetti Bolognese) ist heute ausverkauft. Bitte bearbeiten Sie die Position.';
    expect(describeOrderFailure(new ApiRequestError(422, 'topping_sold_out', message))).toEqual({
      kind: 'dish',
      message,
    });
  });

  it("shows another refusal's own message, and treats no answer or a 5xx as retryable", () => {
    expect(describeOrderFailure(new ApiRequestError(400, 'invalid_request', 'Ungültige Anfrage'))).toEqual({
      kind: 'server',
      message: 'Ungültige Anfrage',
    });
    expect(describeOrderFailure(new ApiRequestError(503, 'internal_error', 'x'))).toEqual({ kind: 'network' });
    expect(describeOrderFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
  });

  it('has the time message of docs/product/shop.md in English', async () => {
    await i18n.changeLanguage('en');
    expect(checkoutTexts.en.time.invalid).toBe('Please select a valid time.');
    expect(checkoutTexts.en.time.none).toBe('No available time slots');
    await i18n.changeLanguage('de');
  });
});
