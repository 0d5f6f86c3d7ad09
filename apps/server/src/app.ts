import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import auth from './plugins/auth.ts';
import database from './plugins/database.ts';
import errors from './plugins/errors.ts';
import jsonCharset from './plugins/json-charset.ts';
import language from './plugins/language.ts';
import openapi from './plugins/openapi.ts';
import pubsub from './plugins/pubsub.ts';
import rateLimits, { type Limit } from './plugins/rate-limits.ts';
import securityHeaders from './plugins/security-headers.ts';
import websocket from './plugins/websocket.ts';
import webApp from './plugins/web-app.ts';
import { healthRoutes } from './features/health/index.ts';
import { catalogueRoutes, catalogueService, pictureRoutes } from './features/catalogue/index.ts';
import { orderChannelRoutes, orderRoutes, ordersService } from './features/orders/index.ts';
import { boardWatchService, storeStatusRoutes, storeStatusService } from './features/store/index.ts';
import { adminRoutes } from './features/admin/index.ts';
import { accountsRoutes, addressRoutes, type LoginLimits } from './features/accounts/index.ts';
import { staffRoutes, staffTeamService } from './features/staff/index.ts';
import { privacyRoutes } from './features/privacy/index.ts';
import { voucherCheckRoutes } from './features/vouchers/index.ts';
import { mail } from './features/mail/index.ts';
import { paymentRoutes, paymentsService } from './features/payments/index.ts';
import { currentStatusOf, menuPageFrom } from './features/shop-page/index.ts';
import { pushService } from './features/push/index.ts';
import { ensureAdminAccount } from './db/seed/admin.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The whole server as one plugin: external plugins first, then our own, then routes. */
export async function app(instance: FastifyInstance, config: Config): Promise<void> {
  const loginLimits: LoginLimits = {
    accountAtAddress: {
      max: config.LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES,
      windowSeconds: config.LOGIN_THROTTLE_WINDOW_SECONDS,
    },
    address: { max: config.LOGIN_ADDRESS_MAX_FAILURES, windowSeconds: config.LOGIN_THROTTLE_WINDOW_SECONDS },
    account: { max: config.LOGIN_ACCOUNT_MAX_FAILURES, windowSeconds: config.LOGIN_ACCOUNT_WINDOW_SECONDS },
  };
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? {
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          apiBase: config.PAYPAL_API_BASE,
          webhookId: config.PAYPAL_WEBHOOK_ID,
          timeoutMs: config.PAYPAL_TIMEOUT_SECONDS * 1000,
        }
      : null;
  // The API speaks JSON (and forms where docs/product/shop.md says so): a text body is refused with 415, not parsed.
  instance.removeContentTypeParser('text/plain');
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);

  await instance.register(securityHeaders, {
    publicUrl: config.PUBLIC_URL,
    payPal: paypal !== null,
  });
  await instance.register(language);
  await instance.register(errors);
  await instance.register(jsonCharset);
  await instance.register(openapi);
  await instance.register(websocket);
  await instance.register(pubsub, { redisUrl: config.REDIS_URL });
  await instance.register(database, {
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    seed: { openingHours: config.SEED_OPENING_HOURS },
    snapshots: { intervalMinutes: config.SNAPSHOT_INTERVAL_MINUTES, keep: config.SNAPSHOT_KEEP },
    recover: config.RECOVER === 'on',
  });
  await instance.register(rateLimits);
  await instance.register(auth, { secret: config.JWT_SECRET });
  await instance.register(mail, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    publicUrl: config.PUBLIC_URL,
    perRecipientPerHour: config.MAILS_PER_HOUR_PER_RECIPIENT,
  });
  await bootstrapAdmin(instance, config);
  await instance.register(catalogueService);
  await instance.register(storeStatusService);
  await instance.register(ordersService, { guestSharePercent: config.GUEST_ORDERS_SHARE_OF_SLOT_PERCENT });
  await instance.register(paymentsService, { paypal });
  await instance.register(boardWatchService);
  await instance.register(pushService, { publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM });
  await instance.register(staffTeamService, {
    publicUrl: config.PUBLIC_URL,
    passwordSets: hourly(config.PASSWORD_RESETS_PER_HOUR_PER_ADDRESS),
  });

  await instance.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      await api.register(pictureRoutes);
      await api.register(addressRoutes);
      await api.register(orderRoutes, {
        ordersPerHour: { address: config.ORDERS_PER_HOUR_PER_ADDRESS, customer: config.ORDERS_PER_HOUR_PER_CUSTOMER },
        trackingFailures: hourly(config.TRACKING_FAILURES_PER_HOUR_PER_ADDRESS),
      });
      await api.register(voucherCheckRoutes, {
        unknownCodes: hourly(config.TRACKING_FAILURES_PER_HOUR_PER_ADDRESS),
      });
      await api.register(paymentRoutes);
      await api.register(storeStatusRoutes);
      await api.register(orderChannelRoutes, {
        trackingFailures: hourly(config.TRACKING_FAILURES_PER_HOUR_PER_ADDRESS),
      });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(accountsRoutes, {
        publicUrl: config.PUBLIC_URL,
        loginLimits,
        addressLimits: {
          registrations: hourly(config.REGISTRATIONS_PER_HOUR_PER_ADDRESS),
          passwordResets: hourly(config.PASSWORD_RESETS_PER_HOUR_PER_ADDRESS),
        },
      });
      await api.register(staffRoutes, { prefix: '/staff', loginLimits });
      await api.register(privacyRoutes, {
        publicUrl: config.PUBLIC_URL,
        loginLimits,
        trackingFailures: hourly(config.TRACKING_FAILURES_PER_HOUR_PER_ADDRESS),
      });
    },
    { prefix: '/api' },
  );

  const webDist = path.resolve(config.WEB_DIST ?? defaultWebDist);
  await instance.register(webApp, {
    root: webDist,
    menuPage: await menuPageFrom(webDist, instance.catalogue, currentStatusOf(instance.storeStatus), instance.log),
  });
}

function hourly(max: number): Limit {
  return { max, windowSeconds: 3600 };
}

/** The staff account (README's Architecture): from ADMIN_EMAIL/ADMIN_PASSWORD, else generated once and logged. */
async function bootstrapAdmin(instance: FastifyInstance, config: Config): Promise<void> {
  if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
    instance.log.warn('ADMIN_EMAIL and ADMIN_PASSWORD work only together: both are ignored');
  }
  const result = await ensureAdminAccount(instance.database.db, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    mailFrom: config.MAIL_FROM,
  });
  if (result.kind === 'generated') {
    instance.log.warn(
      { email: result.email, password: result.password },
      'created the admin account with a random password (shown only now); set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own',
    );
  } else if (result.kind !== 'unchanged') {
    instance.log.info({ email: result.email }, `admin account ${result.kind} from ADMIN_EMAIL`);
  }
}
