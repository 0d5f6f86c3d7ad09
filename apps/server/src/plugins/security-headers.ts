import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export interface SecurityHeadersOptions {
  /** The shop's public address: HSTS and `upgrade-insecure-requests` only when it is https. */
  publicUrl: string;
  /** PayPal is configured: its JavaScript SDK, frames and images are allowed (issue 12). */
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
 * Security headers on every response, with helmet (issue 14): a Content-Security-Policy that allows
 * only the shop's own origin (and PayPal's when configured), no framing, `nosniff`, a referrer policy,
 * a restrictive Permissions-Policy, and HSTS when the shop is served over https.
 *
 * `style-src 'unsafe-inline'`: the server-rendered menu and the dialogs set `style` attributes
 * (positions, the sheet's height); styles cannot run code, scripts stay `'self'` only.
 */
export default fp<SecurityHeadersOptions>(
  async (app, { publicUrl, payPal }) => {
    const https = new URL(publicUrl).protocol === 'https:';
    const external = payPal ? PAYPAL_ORIGINS : [];
    await app.register(helmet, {
      global: true,
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
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'security-headers' },
);
