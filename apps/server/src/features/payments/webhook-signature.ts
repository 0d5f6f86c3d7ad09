import { createVerify, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';

// PayPal's webhook signature, verified the way PayPal documents it for self-verification: the signature
// (`PAYPAL-TRANSMISSION-SIG`, SHA256withRSA) covers `<transmission id>|<transmission time>|<webhook id>|
// <CRC32 of the raw body, decimal>`, made with the key of the certificate at `PAYPAL-CERT-URL`. The
// certificate is fetched only from PayPal (https, a paypal.com host) or from the configured API's own
// origin, and kept per URL while it is valid.

export interface WebhookVerifierOptions {
  /** The id PayPal's dashboard gave the registered webhook: a signature for another webhook is refused. */
  webhookId: string;
  /** The configured API base: its origin may serve certificates too (a test server, or PayPal itself). */
  apiBase: string;
  /** Milliseconds now; replaceable in tests. */
  now?: () => number;
}

export interface WebhookVerifier {
  /** Whether the headers sign this exact body for this shop's webhook. Never throws. */
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<boolean>;
}

const CERT_TIMEOUT_MS = 10_000;
/** Certificates kept: PayPal rotates them rarely; this bounds what a flood of URLs could fill. */
const MAX_CERTIFICATES = 20;

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** PayPal's own hosts over https, or the configured API's origin. */
export function trustedCertUrl(url: string, apiBase: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(apiBase).origin) return true;
  return parsed.protocol === 'https:' && (parsed.hostname === 'paypal.com' || parsed.hostname.endsWith('.paypal.com'));
}

export function createWebhookVerifier(options: WebhookVerifierOptions): WebhookVerifier {
  const now = options.now ?? Date.now;
  const certificates = new Map<string, X509Certificate>();

  async function certificate(url: string): Promise<X509Certificate | null> {
    const cached = certificates.get(url);
    if (cached && Date.parse(cached.validTo) > now()) return cached;
    const response = await fetch(url, { signal: AbortSignal.timeout(CERT_TIMEOUT_MS), redirect: 'error' });
    if (!response.ok) return null;
    const loaded = new X509Certificate(await response.text());
    if (Date.parse(loaded.validFrom) > now() || Date.parse(loaded.validTo) <= now()) return null;
    if (certificates.size >= MAX_CERTIFICATES) certificates.clear();
    certificates.set(url, loaded);
    return loaded;
  }

  return {
    async verify(headers, rawBody) {
      const transmissionId = header(headers, 'paypal-transmission-id');
      const transmissionTime = header(headers, 'paypal-transmission-time');
      const signature = header(headers, 'paypal-transmission-sig');
      const certUrl = header(headers, 'paypal-cert-url');
      const algorithm = header(headers, 'paypal-auth-algo');
      if (!transmissionId || !transmissionTime || !signature || !certUrl) return false;
      if (algorithm !== null && algorithm !== 'SHA256withRSA') return false;
      if (!trustedCertUrl(certUrl, options.apiBase)) return false;
      try {
        const cert = await certificate(certUrl);
        if (!cert) return false;
        const signed = `${transmissionId}|${transmissionTime}|${options.webhookId}|${crc32(rawBody)}`;
        return createVerify('RSA-SHA256').update(signed).verify(cert.publicKey, signature, 'base64');
      } catch {
        return false;
      }
    },
  };
}
