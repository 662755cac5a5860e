/** Reads and checks the server's environment; the variables themselves, with their defaults, are listed in config-variables.ts. */
import { resolve } from 'node:path';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_DEFAULT_S } from '../contracts/constants';

export { configVariables, DEFAULT_DATA_DIR, GENERATED_SECRET_NAMES, type ConfigVariable } from './config-variables';
import { configVariables, DEFAULT_DATA_DIR, DEFAULT_SMTP_MAX_CONNECTIONS, GENERATED_SECRET_NAMES } from './config-variables';
import { booleanText, ConfigError, integerText, present, urlText } from './config-text';
export { ConfigError } from './config-text';
import { paymentsConfig, paymentsEnv, type PaymentsConfig } from './config-payments';
import { trustProxyText } from './config-trust-proxy';
import { cardTestingConfig, cardTestingEnv, type CardTestingConfig } from './config-card-testing';
import { alertsConfig, alertsEnv, type AlertsConfig } from './config-alerts';
import { backupConfig, backupsEnv, type BackupConfig } from './config-backups';
import { tracingConfig, tracingEnv, type TracingConfig } from './config-tracing';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: integerText('PORT', 0, 65535).default(3000),
  HOST: z.string().min(1, { error: 'HOST must not be empty' }).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, { error: 'DATA_DIR must not be empty' }).default(DEFAULT_DATA_DIR),
  DATABASE_URL: urlText('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  DATABASE_PREPARED_STATEMENTS: booleanText('DATABASE_PREPARED_STATEMENTS').default(true),
  REDIS_URL: urlText('REDIS_URL', ['redis:', 'rediss:']).optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must have at least 16 characters' }).optional(),
  PUBLIC_URL: urlText('PUBLIC_URL', ['http:', 'https:']).optional(),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must have at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL: integerText('ACCESS_TOKEN_TTL', 1, 7 * 24 * 3600).default(ACCESS_TOKEN_TTL_DEFAULT_S),
  SMTP_URL: urlText('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  SMTP_MAX_CONNECTIONS: integerText('SMTP_MAX_CONNECTIONS', 1, 200).default(DEFAULT_SMTP_MAX_CONNECTIONS),
  MAIL_FROM: z
    .string()
    .min(3, { error: 'MAIL_FROM must be an address like "Semear <nao-responda@semear.dev>"' })
    .default('Semear <nao-responda@semear.dev>'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, . or -)' })
    .optional(),
  S3_ENDPOINT: urlText('S3_ENDPOINT', ['https:', 'http:']).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, { error: 'S3_REGION must be a region name such as sa-east-1' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText('S3_FORCE_PATH_STYLE').default(false),
  AD_SCRIPT_URL: urlText('AD_SCRIPT_URL', ['https:', 'http:']).optional(),
  DEMO_SEED: booleanText('DEMO_SEED').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  AUTH_RATE_LIMIT_MAX: integerText('AUTH_RATE_LIMIT_MAX', 1, 1_000_000).default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: integerText('AUTH_RATE_LIMIT_WINDOW_MS', 1000, 24 * 3600 * 1000).default(60_000),
  PAYMENT_RATE_LIMIT_MAX: integerText('PAYMENT_RATE_LIMIT_MAX', 1, 1_000_000).default(20),
  ANALYTICS_RATE_LIMIT_MAX: integerText('ANALYTICS_RATE_LIMIT_MAX', 1, 1_000_000).default(60),
  TRUST_PROXY: trustProxyText.default(false),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: booleanText('WEBHOOKS_ALLOW_PRIVATE_TARGETS').default(false),
  IDEMPOTENCY_LEASE_MS: integerText('IDEMPOTENCY_LEASE_MS', 300, 10 * 60 * 1000).default(12_000),
  ADMIN_SECOND_FACTOR: z.enum(['required', 'optional'], { error: 'ADMIN_SECOND_FACTOR must be required or optional' }).optional(),
  REFUND_APPROVAL_ABOVE: integerText('REFUND_APPROVAL_ABOVE', 0, 100_000_000_00).default(100_000),
  EXPORT_MAX_RUNS: integerText('EXPORT_MAX_RUNS', 1, 64).optional(),
  ...paymentsEnv,
  ...cardTestingEnv,
  ...alertsEnv,
  ...backupsEnv,
  ...tracingEnv,
  CEP_PROVIDER: z
    .enum(['embedded', 'viacep', 'brasilapi'], { error: 'CEP_PROVIDER must be embedded, viacep or brasilapi' })
    .default('embedded'),
  CEP_PROVIDER_URL: urlText('CEP_PROVIDER_URL', ['https:', 'http:']).optional(),
  PUSHER_APP_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/, { error: 'PUSHER_APP_ID must be 1 to 64 letters, digits, - or _' })
    .default('semear'),
  PUSHER_KEY: z
    .string()
    .regex(/^[\w-]{1,64}$/, { error: 'PUSHER_KEY must be 1 to 64 letters, digits, - or _' })
    .default('semear-key'),
  PUSHER_SECRET: z.string().min(16, { error: 'PUSHER_SECRET must have at least 16 characters' }).optional(),
  PUSHER_HOST: z
    .string()
    .regex(/^[\w.-]+$/, { error: 'PUSHER_HOST must be a host name, without scheme or port' })
    .optional(),
  PUSHER_PORT: integerText('PUSHER_PORT', 1, 65535).optional(),
  PUSHER_USE_TLS: booleanText('PUSHER_USE_TLS').optional(),
  PUSHER_CLUSTER: z
    .string()
    .regex(/^[a-z0-9-]{2,20}$/, { error: 'PUSHER_CLUSTER must be a cluster name such as sa1' })
    .optional(),
  REALTIME_MAX_CONNECTIONS: integerText('REALTIME_MAX_CONNECTIONS', 1, 1_000_000).default(5000),
  REALTIME_MAX_CONNECTIONS_PER_USER: integerText('REALTIME_MAX_CONNECTIONS_PER_USER', 1, 1000).default(20),
  REALTIME_AUTH_TIMEOUT_MS: integerText('REALTIME_AUTH_TIMEOUT_MS', 100, 600_000).default(10_000),
});

export interface Config {
  /** NODE_ENV=production. */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Each pooled connection prepares a statement once; false behind a pooler in transaction mode that cannot. */
  databasePreparedStatements: boolean;
  /** Redis the API nodes share their rate-limit counts through; null counts on each node. */
  redisUrl: string | null;
  publicUrl: string;
  jwtSecret: string;
  accessTokenTtlS: number;
  /** The bearer token Prometheus sends to GET /metrics; null: no metrics route (404). */
  metricsToken: string | null;
  smtpUrl: string | null;
  /** Connections kept open to SMTP_URL, each sending one message at a time. */
  smtpMaxConnections: number;
  mailFrom: string;
  adScriptUrl: string | null;
  demoSeed: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  authRateLimit: { max: number; windowMs: number };
  /** Payment attempts per client address and minute. */
  paymentRateLimitMax: number;
  /** Page-view batches per client address and minute. */
  analyticsRateLimitMax: number;
  idempotencyLeaseMs: number;
  /**
   * `required`: a member holding a money permission (contracts/permissions.ts) writes nothing in the admin
   * until they have a second factor (docs/security.md); `optional`: enrolling is their choice.
   */
  adminSecondFactor: 'required' | 'optional';
  /** Refunds above this many cents wait for a second admin's approval. */
  refundApprovalAboveCents: number;
  /** Exports in the background one node prepares at once (export-queue.ts). */
  exportMaxRuns: number;
  /** The proxies whose X-Forwarded-For names the client (config-trust-proxy.ts); false: the socket's address. */
  trustProxy: false | string[];
  /** Outgoing webhooks may reach loopback and private addresses (development and tests only). */
  webhooksAllowPrivateTargets: boolean;
  payments: PaymentsConfig;
  /** Card testing cut off (docs/payments.md, "Card testing"). */
  cardTesting: CardTestingConfig;
  /** The alerts' thresholds (docs/deploy.md, "Alerts"). */
  alerts: AlertsConfig;
  cep: { provider: 'embedded' | 'viacep' | 'brasilapi'; url: string | null };
  realtime: RealtimeConfig;
  /** Where uploads live: DATA_DIR/uploads, or an S3 bucket. */
  storage: StorageConfig;
  /** Snapshots of the embedded database (config-backups.ts); PostgreSQL keeps its own. */
  backups: BackupConfig;
  /** OpenTelemetry traces over OTLP/HTTP; null (no OTEL_EXPORTER_OTLP_ENDPOINT): none, at no cost. */
  tracing: TracingConfig | null;
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | null;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
    };

/**
 * Where realtime events go (docs/design.md §1). `embedded`: this server speaks the Pusher protocol itself
 * (WebSocket /app/{key} and the HTTP events API), so host and port are filled in at listen time.
 */
export interface RealtimeConfig {
  embedded: boolean;
  appId: string;
  key: string;
  secret: string;
  /** null with the embedded endpoint: the browser uses the page's own host. */
  host: string | null;
  port: number | null;
  useTLS: boolean;
  cluster: string | null;
  /** The embedded endpoint's limits (docs/realtime.md): hosted Pusher and Soketi have their own. */
  limits: RealtimeLimits;
}

export interface RealtimeLimits {
  maxConnections: number;
  maxConnectionsPerUser: number;
  /** A socket must subscribe to its donor's private channel within this time. */
  authTimeoutMs: number;
}

/** Empty variables count as unset, the way shells and .env files usually mean them. */
function definedOnly(env: Record<string, string | undefined>): Record<string, string> {
  const names = new Set<string>(configVariables.map((v) => v.name));
  return Object.fromEntries(
    Object.entries(env)
      .filter((e): e is [string, string] => names.has(e[0]) && e[1] !== undefined && e[1].trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
}

/** Reads the configuration from environment variables; a bad value throws a ConfigError naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const set = definedOnly(env);
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'configuration');
      return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  const missing = GENERATED_SECRET_NAMES.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} not set (server/start.ts makes them and keeps them in DATA_DIR; see config-secrets.ts)`,
    );
  }
  const payments = paymentsConfig(e, production, set);
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    redisUrl: e.REDIS_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: present(e.JWT_SECRET),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL,
    metricsToken: e.METRICS_TOKEN ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    smtpMaxConnections: e.SMTP_MAX_CONNECTIONS,
    mailFrom: e.MAIL_FROM,
    adScriptUrl: e.AD_SCRIPT_URL ?? null,
    demoSeed: e.DEMO_SEED ?? !production,
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS },
    paymentRateLimitMax: e.PAYMENT_RATE_LIMIT_MAX,
    analyticsRateLimitMax: e.ANALYTICS_RATE_LIMIT_MAX,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_MS,
    adminSecondFactor: e.ADMIN_SECOND_FACTOR ?? (production ? 'required' : 'optional'),
    refundApprovalAboveCents: e.REFUND_APPROVAL_ABOVE,
    // PGlite runs in the server's one thread: a second run there adds no speed, only waiting for /health.
    exportMaxRuns: e.EXPORT_MAX_RUNS ?? (e.DATABASE_URL ? 2 : 1),
    trustProxy: e.TRUST_PROXY,
    webhooksAllowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    payments,
    cardTesting: cardTestingConfig(e),
    alerts: alertsConfig(e),
    cep: { provider: e.CEP_PROVIDER, url: e.CEP_PROVIDER_URL?.replace(/\/+$/, '') ?? null },
    realtime: realtimeConfig(e),
    storage: storageConfig(e, dataDir),
    backups: backupConfig(e, dataDir),
    tracing: tracingConfig(e),
  };
}

function storageConfig(e: z.output<typeof envSchema>, dataDir: string): StorageConfig {
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither');
  }
  if (!e.S3_BUCKET) return { kind: 'local', dir: resolve(dataDir, 'uploads') };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

function realtimeConfig(e: z.output<typeof envSchema>): RealtimeConfig {
  const embedded = !e.PUSHER_HOST && !e.PUSHER_CLUSTER;
  const useTLS = e.PUSHER_USE_TLS ?? !embedded;
  const host = e.PUSHER_HOST ?? (e.PUSHER_CLUSTER ? `api-${e.PUSHER_CLUSTER}.pusher.com` : null);
  return {
    embedded,
    appId: e.PUSHER_APP_ID,
    key: e.PUSHER_KEY,
    secret: present(e.PUSHER_SECRET),
    host,
    port: e.PUSHER_PORT ?? (embedded ? null : useTLS ? 443 : 80),
    useTLS,
    cluster: e.PUSHER_CLUSTER ?? null,
    limits: {
      maxConnections: e.REALTIME_MAX_CONNECTIONS,
      maxConnectionsPerUser: e.REALTIME_MAX_CONNECTIONS_PER_USER,
      authTimeoutMs: e.REALTIME_AUTH_TIMEOUT_MS,
    },
  };
}
