import { z } from 'zod';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Redis for pub/sub between several server instances; unset: in-process (one instance). */
  REDIS_URL: z.string().optional(),
  /** Hours the demo restaurant is seeded with on an empty database: its real week, or `always` open. */
  SEED_OPENING_HOURS: z.enum(['demo', 'always']).default('demo'),
  /** Signs bearer tokens; without it a secret is generated once and kept in the database. */
  JWT_SECRET: z.string().min(32).optional(),
  /** The admin account (DESIGN §2); without it one is created with a random password, printed once. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** `smtp://user:pass@host:port`; without it mails stay in the outbox table and the log. */
  SMTP_URL: z.string().optional(),
  /** Sender of the shop's mails. */
  MAIL_FROM: z.string().default('Pizzeria Bella Napoli <bestellung@bella-napoli.example>'),
  /** The shop's public address, for links in mails (password reset, order page). */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Failed logins for one account, and from one client address, that block further tries. */
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  /** The window failed logins are counted in, and how long a blocked account or address waits. */
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
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
