import type { FakePayPal } from './fake-paypal.ts';

// PayPal answers a repeated `PayPal-Request-Id` with its first answer: a repeat is safe only as a retry
// of the very same attempt. These are the repeats among the requests a fake PayPal saw that are not.

type FakeRequest = FakePayPal['requests'][number];

/** PayPal's final refusals: it replays them to the same id, so the next attempt needs a new one. */
const REFUSALS = new Set([400, 404, 422]);

/** create, capture or refund, whatever the PayPal order or capture in the path. */
function kindOf(path: string): string | null {
  if (path === '/v2/checkout/orders') return 'create';
  if (/^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(path)) return 'capture';
  if (/^\/v2\/payments\/captures\/[^/]+\/refund$/.test(path)) return 'refund';
  return null;
}

/**
 * Every request that repeats an earlier one's request id (same method and kind) without being a retry of
 * it: sent from another database, for another PayPal order or capture, or after PayPal refused the
 * earlier one (it replays the refusal). A retry after a lost answer, or beside a request still under way,
 * is fine. `databaseOf` says which database sent the request at an index (one, unless told).
 */
export function requestIdCollisions(
  requests: readonly FakeRequest[],
  databaseOf: (index: number) => string = () => 'the shop',
): string[] {
  const seen = new Map<string, { index: number; refused: boolean }>();
  const collisions: string[] = [];
  requests.forEach((request, index) => {
    const kind = kindOf(request.path);
    if (request.requestId === null || kind === null) return;
    const key = `${request.method} ${kind} ${request.requestId}`;
    const first = seen.get(key);
    const refused = request.status !== undefined && REFUSALS.has(request.status);
    if (!first) {
      seen.set(key, { index, refused });
      return;
    }
    const earlier = requests[first.index];
    const what = `${kind} request id ${request.requestId}`;
    if (databaseOf(index) !== databaseOf(first.index)) {
      collisions.push(`${what} sent by ${databaseOf(first.index)} and by ${databaseOf(index)}`);
    } else if (earlier?.path !== request.path) {
      collisions.push(`${what} sent for ${earlier?.path} and for ${request.path}`);
    } else if (first.refused) {
      collisions.push(`${what} sent again after PayPal refused it`);
    }
    first.refused ||= refused;
  });
  return collisions;
}
