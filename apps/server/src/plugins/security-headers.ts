import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** The shop's public address: HSTS and `upgrade-insecure-requests` only when it is https. */
  publicUrl: string;
  /** PayPal is configured: its JavaScript SDK, frames and images are allowed. */
  payPal: boolean;
}

/**
 * PayPal's origins, as PayPal's CSP guide lists them for its JavaScript SDK (without Venmo, which is
 * not offered in Germany). Its inline styles are covered by `style-src 'unsafe-inline'`; our own code
 * renders the buttons, so no inline script is needed (the guide's `'unsafe-inline'` for scripts is for
 * shops that call the SDK from an inline `<script>`).
 */
const PAYPAL_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * What browsers may do with our pages: nothing the shop does not use. A tap on "share" or a map link
 * opens another site; nothing here needs a sensor, the camera or the microphone.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'serial=()',
  'usb=()',
].join(', ');

/**
 * Security headers on every response, with helmet: a Content-Security-Policy that allows
 * only the shop's own origin (and PayPal's when configured), no framing, `nosniff`, a referrer policy,
 * a restrictive Permissions-Policy, and HSTS when the shop is served over https.
 *
 * `style-src 'unsafe-inline'`: the server-rendered menu and the dialogs set `style` attributes
 * (positions, the sheet's height); styles cannot run code, scripts stay `'self'` only.
 *
 * The headers are the same for every response (no nonces), so helmet computes them once at start;
 * `@fastify/helmet` built its middleware anew for every request, a quarter of a menu read's CPU time.
 */
export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    const headers = securityHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

/** The headers every response carries, by name, as helmet sets them (and the Permissions-Policy). */
export function securityHeaders({ publicUrl, payPal }: SecurityHeadersOptions): Record<string, string> {
  const headers = new Map<string, string>([['permissions-policy', PERMISSIONS_POLICY]]);
  // helmet is a Node middleware: it writes to the response it is given, here one that keeps what it writes.
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown;
  helmet(helmetOptions(publicUrl, payPal))({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failed = error;
  });
  if (failed !== undefined) throw failed;
  return Object.fromEntries(headers);
}

function helmetOptions(publicUrl: string, payPal: boolean): HelmetOptions {
  const https = new URL(publicUrl).protocol === 'https:';
  const external = payPal ? PAYPAL_ORIGINS : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...external],
        styleSrc: ["'self'", "'unsafe-inline'", ...external],
        imgSrc: ["'self'", 'data:', ...external],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the WebSocket channels on the same host (CSP Level 3).
        connectSrc: ["'self'", ...external],
        frameSrc: payPal ? external : ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // PayPal's checkout opens a window that reports back to the shop's page through `window.opener`.
    crossOriginOpenerPolicy: { policy: payPal ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}
