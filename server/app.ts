import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../contracts/constants';
import type { AppServices } from './app-services';
import { createAccessTokens } from './auth/access-tokens';
import { createRefreshTokens } from './auth/refresh-tokens';
import { createSessionStatus } from './auth/session-records';
import { createUserStatus } from './users/user-status';
import { createCampaignMetaLookup } from './campaigns/campaign-meta';
import { renamedCampaignSlug } from './campaigns/campaigns-repository';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/types';
import { keepCallerAddress } from './http/caller-address';
import { loggerOptions } from './http/request-log';
import { createTranslator } from './i18n/translator';
import { afterAnswerPlugin } from './plugins/after-answer';
import { authRateLimitPlugin } from './plugins/auth-rate-limit';
import { authenticationPlugin } from './plugins/authentication';
import { errorHandlerPlugin } from './plugins/error-handler';
import { i18nPlugin } from './plugins/i18n';
import { mailJobPlugin } from './plugins/mail-job';
import { securityHeadersPlugin } from './plugins/security-headers';
import { reconcileJobPlugin } from './plugins/reconcile-job';
import { jobsPlugin } from './plugins/jobs';
import { webhookPollPlugin } from './plugins/webhook-poll';
import { alertsJobPlugin } from './plugins/alerts-job';
import { createAlertChecks } from './services/alerts/alert-checks';
import { adminSystemRoutes } from './routes/admin-system';
import { recurringJobs } from './jobs/recurring-jobs';
import { realtimePlugin } from './plugins/realtime';
import { publicCachePlugin } from './plugins/public-cache';
import { personalCachePlugin } from './plugins/personal-cache';
import { createPersonalCache, PERSONAL_CACHE_LIMITS } from './http/personal-cache';
import { createPublicCache, PUBLIC_CACHE_LIMITS } from './http/public-cache';
import { createFrontDoor, FRONT_DOOR_MAX_ENTRIES, frontDoorServer } from './http/front-door';
import { frontDoorPlugin } from './plugins/front-door';
import { createPersonalDoor, PERSONAL_DOOR_MAX_ENTRIES } from './http/personal-door';
import { realtimeRoutes } from './routes/realtime';
import { openApiPlugin } from './plugins/openapi';
import { compressionPlugin } from './plugins/compression';
import { webAppPlugin } from './plugins/web-app';
import { addressRoutes } from './routes/addresses';
import { analyticsRoutes } from './routes/analytics';
import { cardRoutes } from './routes/cards';
import { contributionRoutes } from './routes/contributions';
import { donationRoutes } from './routes/donations';
import { giftCardRoutes } from './routes/gift-cards';
import { giftCardOrderRoutes } from './routes/gift-card-orders';
import { giftCardRecipientSheetRoutes } from './routes/gift-card-recipient-sheets';
import { giftCardLogoRoutes } from './routes/gift-card-logos';
import { storedImageRoutes } from './routes/stored-images';
import { adminCampaignEditorRoutes } from './routes/admin-campaign-editor';
import { adminWebhookRoutes } from './routes/admin-webhooks';
import { adminBackupRoutes } from './routes/admin-backups';
import { backupsPlugin } from './plugins/backups';
import { backupServiceFor } from './services/backups/backup-service-for';
import { adminDonationRoutes } from './routes/admin-donations';
import { adminFinanceRoutes } from './routes/admin-finances';
import { adminExportRoutes } from './routes/admin-exports';
import { adminPixRoutes } from './routes/admin-pix';
import { adminTaxonomyRoutes } from './routes/admin-taxonomy';
import { adminTeamRoutes } from './routes/admin-team';
import { organisationRoutes } from './routes/organisation';
import { adminCampaignRoutes } from './routes/admin-campaigns';
import { createStorage } from './services/storage/create-storage';
import type { FileStorage } from './services/storage/file-storage';
import { paymentWebhookRoutes } from './routes/payment-webhooks';
import { paymentsConfigRoutes } from './routes/payments-config';
import { walletRoutes } from './routes/wallets';
import { notificationRoutes } from './routes/notifications';
import { subscriptionRoutes } from './routes/subscriptions';
import { campaignRoutes } from './routes/campaigns';
import { categoryRoutes } from './routes/categories';
import { healthRoutes } from './routes/health';
import { passwordRoutes } from './routes/password';
import { sandboxGatewayRoutes } from './routes/sandbox-gateway';
import { shareImageRoutes } from './routes/share-image';
import { coverRenditionRoutes } from './routes/cover-renditions';
import { sessionRoutes } from './routes/sessions';
import { secondFactorRoutes } from './routes/second-factors';
import { statsRoutes } from './routes/stats';
import { statementRoutes } from './routes/statements';
import { guestStatementRoutes } from './routes/guest-statements';
import { userRoutes } from './routes/users';
import { accountDeletionRoutes } from './routes/account-deletion';
import { userSessionRoutes } from './routes/user-sessions';
import { dataExportRoutes } from './routes/data-exports';
import { createCepLookup } from './services/cep/create-cep-lookup';
import { systemClock, type Clock } from './services/clock';
import { createMailTransport } from './services/mail/mail-transport';
import { createPaymentGateways } from './services/payments/create-gateway';
import type { CardGateway, PixGateway, RedirectGateway } from './services/payments/gateway';
import { singleGateway, type PaymentGateways } from './services/payments/gateways';
import { instrumentedGateways } from './services/payments/instrumented-gateways';
import { runningAfterCommits } from './db/after-commit';
import { metricsPlugin } from './plugins/metrics';
import { tracingPlugin } from './plugins/tracing';
import { tracingOn } from './tracing/tracing';
import { createReadiness, type Readiness } from './http/readiness';
import type { DonationHooks } from './services/donations/create-donation';
import { isSandboxGateway, SANDBOX, SANDBOX_GATEWAY_PREFIX } from './services/payments/sandbox/sandbox-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** /ready's checks; start.ts turns it not-ready on SIGTERM before draining. */
    readiness: Readiness;
    /** The payment providers the routes use (the demo seed pays its donations at the sandbox: server/seed/demo-payments.ts). */
    paymentGateways: PaymentGateways;
  }
}

export const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export interface BuildAppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Log destination (tests capture it); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  /**
   * Poll the mail outbox and reconcile payments in the background (npm start); tests call
   * app.mailSender.runOnce() and app.reconciler.runOnce().
   */
  startMailJob?: boolean;
  /** One payment gateway for every method, instead of the configured providers: tests pass a fault-injecting fake. */
  gateway?: CardGateway & PixGateway & RedirectGateway;
  /** The providers per method, instead of the configured ones (tests of a payment that stays with its provider). */
  gateways?: PaymentGateways;
  /** Where uploads live; defaults to config.storage. */
  storage?: FileStorage;
  /** Fault-injection seams of the payment flows, donations and gift-card orders (tests only). */
  donationHooks?: DonationHooks;
  /** The built SPA; defaults to dist/ at the project root. */
  distDir?: string;
  /** Raw access to the database for pg-boss and LISTEN (realtime balance events); without it neither runs. */
  database?: Pick<DatabaseHandle, 'kind' | 'executeSql' | 'listen' | 'exclusively'> &
    Partial<Pick<DatabaseHandle, 'ping' | 'poolStats' | 'appliedMigrations' | 'dumpDataDir' | 'keepStatistics'>>;
  /** Run pg-boss's recurring jobs (monthly charges, automatic donations): npm start; tests call the services. */
  startJobs?: boolean;
  /** Told of every route as it is added, with its schema (the fuzz test sends hostile requests to each). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The whole HTTP application, without listening: tests drive it with app.inject, start.ts listens.
 * Routes may still be added before the first request (tests register guarded routes this way).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Counts that wait for their transaction's commit (after-commit.ts): metrics of donations and refunds.
  const db = runningAfterCommits(options.db);
  const clock = options.clock ?? systemClock;
  // Without LISTEN nothing would tell this process of another's commits: every read then goes to the database.
  const publicCache = createPublicCache({ enabled: options.database !== undefined, clock, ...PUBLIC_CACHE_LIMITS });
  const personalCache = createPersonalCache({ enabled: options.database !== undefined, clock, ...PERSONAL_CACHE_LIMITS });
  const frontDoor = createFrontDoor({ cache: publicCache, maxEntries: FRONT_DOOR_MAX_ENTRIES });
  const accessTokens = createAccessTokens({ secret: config.jwtSecret, ttlS: config.accessTokenTtlS, clock });
  const userStatus = createUserStatus({ db, clock });
  const sessionStatus = createSessionStatus({ db, clock });
  const personalDoor = createPersonalDoor({
    cache: personalCache,
    accessTokens,
    userStatus,
    sessionStatus,
    maxEntries: PERSONAL_DOOR_MAX_ENTRIES,
  });
  const app = Fastify({
    serverFactory: frontDoorServer([frontDoor, personalDoor]),
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    // JSON bodies only (the largest, a full analytics batch, stays under 1 MiB); uploads get their own limit.
    bodyLimit: 1024 * 1024,
    // A hook that waits for the database (LISTEN, on the embedded one behind a restart's backlog) may take
    // more than the default 10 s on a loaded machine: failing the start then would make a crash a crash loop.
    pluginTimeout: 60_000,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onRequest', keepCallerAddress);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const services: AppServices = {
    config,
    db,
    clock,
    accessTokens,
    refreshTokens: createRefreshTokens(db, clock),
    userStatus,
    sessionStatus,
    // Timed and counted once here, whichever adapters are behind (metrics.ts).
    gateways: instrumentedGateways(
      options.gateway
        ? singleGateway(options.gateway)
        : (options.gateways ??
            createPaymentGateways(config, {
              db,
              clock,
              // The sandbox's webhooks go through the very route a real provider calls.
              deliverWebhook: async (body, headers) =>
                (await app.inject({ method: 'POST', url: `${API_PREFIX}/payments/webhooks/${SANDBOX}`, payload: body, headers }))
                  .statusCode,
              onError: (error) => app.log.error({ err: error }, 'sandbox webhook delivery failed'),
            })),
    ),
    storage: options.storage ?? createStorage(config.storage),
    publicCache,
    personalCache,
  };

  app.decorate('paymentGateways', services.gateways);
  const ping = options.database?.ping ?? (async () => void (await db.execute(sql`select 1`)));
  app.decorate('readiness', createReadiness({ db, ping, appliedMigrations: options.database?.appliedMigrations }));
  const sandbox = services.gateways.all.find(isSandboxGateway);
  // First of all: every hook and handler after its onRequest runs inside the request's span.
  if (tracingOn()) await app.register(tracingPlugin);
  await app.register(i18nPlugin, { translator: createTranslator() });
  await app.register(errorHandlerPlugin);
  // Before the routes: it times every one of them.
  await app.register(metricsPlugin, { token: config.metricsToken, db, clock, database: options.database });
  await app.register(securityHeadersPlugin, { config });
  // Before any route: it hooks onRoute.
  await app.register(compressionPlugin);
  await app.register(authRateLimitPlugin, { config });
  await app.register(authenticationPlugin, services);
  await app.register(afterAnswerPlugin);
  // Before the routes: it records each one as it is added.
  await app.register(openApiPlugin);
  await app.register(mailJobPlugin, {
    db,
    clock,
    // Where mail goes: SMTP_URL or the embedded mailbox.
    transport: createMailTransport(config),
    from: config.mailFrom,
    pollEveryMs: options.startMailJob ? 1000 : null,
  });
  await app.register(reconcileJobPlugin, {
    db,
    clock,
    gateways: services.gateways,
    config,
    pollEveryMs: options.startMailJob ? 5000 : null,
    deliverDueWebhooks: sandbox?.deliverDueWebhooks,
  });
  await app.register(webhookPollPlugin, { db, clock, config, pollEveryMs: options.startMailJob ? 2000 : null });
  // The alerts to the admins (docs/deploy.md, "Alerts"): this node's counts every minute here, the database's in the cron table.
  const alertChecks = createAlertChecks({ db, translator: app.translator, config, log: app.log });
  await app.register(alertsJobPlugin, { checks: alertChecks, clock, pollEveryMs: options.startMailJob ? 60_000 : null });
  await app.register(publicCachePlugin, { cache: services.publicCache, database: options.database });
  await app.register(personalCachePlugin, {
    cache: personalCache,
    userStatus: services.userStatus,
    sessionStatus: services.sessionStatus,
    database: options.database,
  });
  await app.register(frontDoorPlugin, { door: frontDoor, personalDoor });
  await app.register(realtimePlugin, { config: config.realtime, db, clock, database: options.database });
  await app.register(backupsPlugin, { service: backupServiceFor(config, options.database, db, clock, app.log) });
  if (options.startJobs && options.database) {
    const deps = {
      db,
      gateways: services.gateways,
      translator: app.translator,
      config,
      log: app.log,
      storage: services.storage,
      alertChecks,
    };
    await app.register(jobsPlugin, {
      database: options.database,
      jobs: recurringJobs({ ...deps, backups: app.backups, keepStatistics: options.database.keepStatistics }, clock),
    });
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { readiness: app.readiness });
      await api.register(userRoutes, services);
      await api.register(accountDeletionRoutes, services);
      await api.register(statementRoutes, services);
      await api.register(guestStatementRoutes, services);
      await api.register(sessionRoutes, services);
      await api.register(secondFactorRoutes, services);
      await api.register(userSessionRoutes, services);
      await api.register(dataExportRoutes, services);
      await api.register(passwordRoutes, services);
      await api.register(analyticsRoutes, services);
      await api.register(addressRoutes, { ...services, cepLookup: createCepLookup(config.cep) });
      await api.register(campaignRoutes, services);
      await api.register(categoryRoutes, services);
      await api.register(statsRoutes, services);
      await api.register(donationRoutes, { ...services, donationHooks: options.donationHooks });
      await api.register(paymentWebhookRoutes, services);
      await api.register(paymentsConfigRoutes, services);
      await api.register(cardRoutes, services);
      await api.register(contributionRoutes, services);
      await api.register(walletRoutes, services);
      await api.register(notificationRoutes, services);
      await api.register(subscriptionRoutes, services);
      await api.register(giftCardRoutes, services);
      await api.register(giftCardOrderRoutes, { ...services, donationHooks: options.donationHooks });
      await api.register(giftCardRecipientSheetRoutes, services);
      await api.register(giftCardLogoRoutes, services);
      await api.register(adminTaxonomyRoutes, services);
      await api.register(adminTeamRoutes, services);
      await api.register(adminCampaignRoutes, services);
      await api.register(adminCampaignEditorRoutes, services);
      await api.register(adminWebhookRoutes, services);
      await api.register(adminBackupRoutes, { ...services, backups: app.backups });
      await api.register(adminDonationRoutes, services);
      await api.register(adminFinanceRoutes, services);
      await api.register(adminExportRoutes, services);
      await api.register(adminPixRoutes, services);
      await api.register(organisationRoutes, services);
      await api.register(adminSystemRoutes, {
        ...services,
        databaseKind: options.database?.kind ?? (config.databaseUrl ? 'postgres' : 'pglite'),
      });
      await api.register(realtimeRoutes, services);
    },
    { prefix: API_PREFIX },
  );

  if (sandbox) await app.register(sandboxGatewayRoutes, { sandbox, prefix: SANDBOX_GATEWAY_PREFIX });

  const uploadsDir = join(config.dataDir, 'uploads');
  await app.register(shareImageRoutes, { db, uploadsDir, storage: services.storage });
  await app.register(coverRenditionRoutes, { db, uploadsDir, storage: services.storage });
  await app.register(storedImageRoutes, { storage: services.storage });
  await app.register(webAppPlugin, {
    distDir: options.distDir ?? DIST_DIR,
    uploadsDir,
    adScriptUrl: config.adScriptUrl,
    campaignMeta: createCampaignMetaLookup(db, config.publicUrl),
    publicCache: services.publicCache,
    clock,
    campaignRedirect: (slug) => renamedCampaignSlug(db, slug),
  });
  return app;
}
