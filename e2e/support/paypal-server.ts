import { startFakePayPal, type FakePayPal } from '../../apps/server/test/fake-paypal.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';
import { withoutAutomaticPauses } from './shop.ts';
import { test } from './test.ts';

/** A journey's own shop server, configured with a local server that speaks PayPal's REST API. */
export interface PayPalServer {
  readonly paypal: FakePayPal;
  readonly server: OwnServer;
}

/**
 * Starts the fake PayPal and a shop server of the journey's own on `port` talking to it, before the
 * file's journeys, and stops both after them. `withoutAutomaticPauses`: for journeys that open the board
 * only late or not all the time, so online orders must not pause by themselves meanwhile.
 */
export function usePayPalServer(port: number, options: { withoutAutomaticPauses?: boolean } = {}): PayPalServer {
  let paypal: FakePayPal | undefined;
  let server: OwnServer | undefined;

  test.beforeAll(async ({ request }) => {
    paypal = await startFakePayPal();
    server = await startOwnServer(port, {
      env: {
        PAYPAL_CLIENT_ID: paypal.clientId,
        PAYPAL_CLIENT_SECRET: paypal.clientSecret,
        PAYPAL_API_BASE: paypal.baseUrl,
      },
    });
    if (options.withoutAutomaticPauses) await withoutAutomaticPauses(request, server.origin);
  });

  test.afterAll(async () => {
    await server?.dispose();
    await paypal?.close();
  });

  return {
    get paypal(): FakePayPal {
      if (!paypal) throw new Error('the fake PayPal is started before the journeys (usePayPalServer)');
      return paypal;
    },
    get server(): OwnServer {
      if (!server) throw new Error('the shop server is started before the journeys (usePayPalServer)');
      return server;
    },
  };
}
