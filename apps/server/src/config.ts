import { isIP } from 'node:net';
import { z } from 'zod';

/** An address (`10.0.0.1`, `::1`) or a range (`10.0.0.0/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: which proxies' `X-Forwarded-For` names the client. A hop count (`1`: the one load
 * balancer in front) or the proxies' addresses and ranges, comma-separated. Unset: none, so a client
 * cannot choose its own address (and with it whose login limits it uses).
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): number | string[] => {
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `expected a hop count or proxy addresses/ranges separated by commas, not ${wrong.map((entry) => JSON.stringify(entry)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  /** How long the start waits for PostgreSQL to come up (a container started alongside) before it gives up. */
  DATABASE_CONNECT_RETRY_SECONDS: z.coerce.number().min(0).default(60),
  /** PostgreSQL connections one instance keeps at most (all instances together stay under max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATA_DIR: z.string().default('./data'),
  /** PGlite in DATA_DIR: minutes between snapshots of the database while anything changed (decision 014). */
  SNAPSHOT_INTERVAL_MINUTES: z.coerce.number().min(0.05).max(10_080).default(10),
  /** The newest snapshots kept in DATA_DIR/backups, besides the newest of each of the last 7 days. */
  SNAPSHOT_KEEP: z.coerce.number().int().min(1).default(12),
  /**
   * PGlite in DATA_DIR that does not open cleanly (a power cut): `on` moves it aside, restores the newest
   * snapshot and replays the order journal; `off` (or `--no-recover`) refuses to start instead.
   */
  RECOVER: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Redis for pub/sub between several server instances; unset: in-process (one instance). */
  REDIS_URL: z.string().optional(),
  /** Hours the demo restaurant is seeded with on an empty database: its real week, or `always` open. */
  SEED_OPENING_HOURS: z.enum(['demo', 'always']).default('demo'),
  /** Signs bearer tokens; without it a secret is generated once and kept in the database. */
  JWT_SECRET: z.string().min(32).optional(),
  /** The admin account (README's Architecture); without it one is created with a random password, printed once. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** `smtp://user:pass@host:port`; without it mails stay in the outbox table and the log. */
  SMTP_URL: z.string().optional(),
  /** Sender of the shop's mails. */
  MAIL_FROM: z.string().default('Pizzeria Bella Napoli <bestellung@bella-napoli.example>'),
  /** The shop's public address, for links in mails (password reset, order page). */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  TRUST_PROXY: trustProxySchema.optional(),
  /** Failed logins for one account from one client address, and from one address for any accounts, per window. */
  LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  /** The window those two are counted in. */
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Failed logins for one account from anywhere, per account window (OWASP ASVS 2.2.1: at most 100 an hour). */
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
  LOGIN_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Orders placed per hour from one client address, and for one phone number, e-mail or account. */
  ORDERS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  ORDERS_PER_HOUR_PER_CUSTOMER: z.coerce.number().int().min(1).default(5),
  /**
   * The share of each slot's places that guest orders may hold until staff answer them, so strangers'
   * orders cannot book the kitchen; 100 bounds nothing.
   */
  GUEST_ORDERS_SHARE_OF_SLOT_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  /** Mails to one recipient address per hour; past it the shop's mails to that address are held back. */
  MAILS_PER_HOUR_PER_RECIPIENT: z.coerce.number().int().min(1).default(20),
  /** Accounts created, and passwords set with a reset link, per hour from one client address. */
  REGISTRATIONS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  PASSWORD_RESETS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Order look-ups with a wrong tracking token or order number per hour from one client address (right ones are free). */
  TRACKING_FAILURES_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** PayPal's REST app credentials: PayPal is offered only when both are set. */
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** PayPal's API: the sandbox unless set (live: `https://api-m.paypal.com`). */
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  /** How long one call to PayPal may take before it is given up (a retry with its request id is safe). */
  PAYPAL_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(15),
  /** The id of the webhook registered in PayPal's dashboard; without it webhooks are refused (captures are polled). */
  PAYPAL_WEBHOOK_ID: z.string().trim().min(1).optional(),
});

export type Config = z.infer<typeof configSchema>;

/** Reads the server configuration from the environment; a wrong value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
