import { resolve } from 'node:path';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_DEFAULT_S } from '../contracts/constants';

/**
 * Every environment variable the server reads, with its default. The README and
 * docs/configuration.md are written from this table, so it is the one place to add a variable.
 */
export const DEFAULT_DATA_DIR = '.data';

/**
 * Secrets a single-node install may leave unset: config-secrets.ts makes each once and keeps it in
 * DATA_DIR before the configuration is read (reading never writes).
 */
export const GENERATED_SECRET_NAMES = ['JWT_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'PUSHER_SECRET'] as const;

export const configVariables = [
  {
    name: 'NODE_ENV',
    default: '(unset)',
    description:
      '`production` makes the safe choices the defaults: no demo seed unless DEMO_SEED says so, and no start on the sandbox gateway unless PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION=true.',
  },
  { name: 'PORT', default: '3000', description: 'TCP port the server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the server binds to.' },
  {
    name: 'DATA_DIR',
    default: '.data',
    description: 'Folder for the embedded database, the JWT secret, the embedded mailbox and uploads.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: embedded PGlite in DATA_DIR/db)',
    description: 'PostgreSQL connection string (postgres://user:pass@host:5432/db).',
  },
  { name: 'PUBLIC_URL', default: 'http://localhost:PORT', description: 'Public address of the site, used in links sent by e-mail.' },
  {
    name: 'JWT_SECRET',
    default: '(unset: random, kept in DATA_DIR/jwt-secret)',
    description: 'Secret that signs access tokens (HS256), at least 32 characters. Every API node must share it.',
  },
  { name: 'ACCESS_TOKEN_TTL', default: String(ACCESS_TOKEN_TTL_DEFAULT_S), description: 'Lifetime of an access token, in seconds.' },
  {
    name: 'SMTP_URL',
    default: '(unset: embedded mailbox in DATA_DIR/mail)',
    description: 'SMTP server for outgoing mail (smtp://user:pass@host:587 or smtps://...).',
  },
  { name: 'MAIL_FROM', default: 'Semear <nao-responda@semear.dev>', description: 'Sender of outgoing mail.' },
  {
    name: 'S3_BUCKET',
    default: '(unset: uploads in DATA_DIR/uploads)',
    description: 'Keep uploads (company logos) in this S3 bucket instead, so every API node reads the same files.',
  },
  { name: 'S3_ENDPOINT', default: '(unset: AWS)', description: 'Address of an S3-compatible store (MinIO, Cloudflare R2, Ceph…).' },
  { name: 'S3_REGION', default: 'us-east-1', description: "The bucket's region." },
  {
    name: 'S3_ACCESS_KEY_ID',
    default: "(unset: the AWS SDK's own chain)",
    description: 'Access key for the bucket; set together with S3_SECRET_ACCESS_KEY.',
  },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'Secret of S3_ACCESS_KEY_ID.' },
  {
    name: 'S3_FORCE_PATH_STYLE',
    default: 'false',
    description: 'Address the bucket as host/bucket (MinIO and most self-hosted stores need true).',
  },
  {
    name: 'AD_SCRIPT_URL',
    default: '(unset)',
    description: 'Advertising script URL; its origin is the only extra origin the CSP admits for scripts.',
  },
  {
    name: 'DEMO_SEED',
    default: '(unset: true, false with NODE_ENV=production)',
    description: 'Seed demo accounts, categories and campaigns on first start.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'AUTH_RATE_LIMIT_MAX',
    default: '10',
    description: 'Requests per client address and window on sign-in, sign-up, refresh and password calls.',
  },
  { name: 'AUTH_RATE_LIMIT_WINDOW_MS', default: '60000', description: 'Window of the authentication rate limit, in milliseconds.' },
  {
    name: 'PAYMENT_RATE_LIMIT_MAX',
    default: '20',
    description: 'Payment attempts (donations and card tokenisation) per client address and minute: slows down card testing.',
  },
  {
    name: 'ANALYTICS_RATE_LIMIT_MAX',
    default: '60',
    description:
      'Page-view batches per client address and minute (a browser tab sends at most one every 3 s; a refused batch is kept and sent again).',
  },
  { name: 'TRUST_PROXY', default: 'false', description: 'Trust X-Forwarded-* headers (true behind a load balancer or reverse proxy).' },
  {
    name: 'IDEMPOTENCY_LEASE_MS',
    default: '12000',
    description:
      'How long a request holds its Idempotency-Key without renewing it (renewed every third of it while the work runs); a retry after a crash takes the key over once it runs out.',
  },
  {
    name: 'PAYMENT_GATEWAY',
    default: 'sandbox',
    description:
      'Payment gateway adapter. `sandbox` is the embedded gateway (test cards, PIX and PayPal approval pages at /sandbox-gateway).',
  },
  {
    name: 'PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION',
    default: 'false',
    description:
      'Lets NODE_ENV=production start on the sandbox gateway, whose public pages confirm any PIX or PayPal payment (a staging site only).',
  },
  {
    name: 'PAYMENT_WEBHOOK_SECRET',
    default: '(unset: random, kept in DATA_DIR/webhook-secret)',
    description: "Secret that signs the gateway's webhooks (HMAC-SHA256), at least 32 characters.",
  },
  { name: 'PIX_KEY', default: 'pix@semear.dev', description: 'PIX key (DICT) that receives PIX donations; it goes into every BR Code.' },
  {
    name: 'PIX_MERCHANT_NAME',
    default: 'SEMEAR DOACOES',
    description: 'Receiver name in the BR Code (accents are stripped; at most 25 characters).',
  },
  {
    name: 'PIX_MERCHANT_CITY',
    default: 'SAO PAULO',
    description: 'Receiver city in the BR Code (accents are stripped; at most 15 characters).',
  },
  { name: 'PIX_EXPIRES_S', default: '1800', description: 'How long a PIX charge can be paid, in seconds.' },
  {
    name: 'CEP_PROVIDER',
    default: 'embedded',
    description: 'Postal-code lookup: `embedded` (offline: the state from the CEP range, city and street typed), `viacep` or `brasilapi`.',
  },
  {
    name: 'CEP_PROVIDER_URL',
    default: "(unset: the provider's public address)",
    description: 'Base URL of the CEP provider (https://viacep.com.br or https://brasilapi.com.br), for a mirror or a test server.',
  },
  {
    name: 'PUSHER_APP_ID',
    default: 'semear',
    description: 'Pusher Channels app id. With PUSHER_HOST unset the embedded Pusher-protocol endpoint of this server uses it.',
  },
  { name: 'PUSHER_KEY', default: 'semear-key', description: 'Pusher Channels app key (public: the browser connects with it).' },
  {
    name: 'PUSHER_SECRET',
    default: '(unset: random, kept in DATA_DIR/pusher-secret)',
    description: 'Pusher Channels app secret: signs private-channel authorisations and event publishing. Every API node must share it.',
  },
  {
    name: 'PUSHER_HOST',
    default: '(unset: the embedded endpoint, /app/{key} on this server)',
    description:
      'Host of hosted Pusher (api-CLUSTER.pusher.com is used when PUSHER_CLUSTER is set and this is unset) or of a Soketi cluster.',
  },
  {
    name: 'PUSHER_PORT',
    default: '(unset: 443 with TLS, else 80; embedded: PORT)',
    description: "Port of the Pusher-protocol server, for both the HTTP events API and the browsers' WebSocket.",
  },
  {
    name: 'PUSHER_USE_TLS',
    default: '(unset: true for hosted Pusher, false for the embedded endpoint)',
    description: 'Use https/wss to reach the Pusher-protocol server.',
  },
  {
    name: 'PUSHER_CLUSTER',
    default: '(unset)',
    description: 'Hosted Pusher cluster (sa1 is São Paulo). Setting it points both the server and the browsers at hosted Pusher.',
  },
  {
    name: 'REALTIME_MAX_CONNECTIONS',
    default: '5000',
    description:
      'WebSockets the embedded Pusher endpoint holds at once in this process; more are refused with Pusher error 4100 (pusher-js tries again later).',
  },
  {
    name: 'REALTIME_MAX_CONNECTIONS_PER_USER',
    default: '20',
    description: 'WebSockets one donor may hold on the embedded endpoint (one per open tab); a newer one closes their oldest.',
  },
  {
    name: 'REALTIME_AUTH_TIMEOUT_MS',
    default: '10000',
    description:
      "Milliseconds a socket of the embedded endpoint has to subscribe to its donor's private channel before it is closed (Pusher error 4009).",
  },
] as const;

export type ConfigVariable = (typeof configVariables)[number]['name'];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanText = (name: string) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const integerText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${name} must be a whole number between ${min} and ${max}` });

const urlText = (name: string, protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: integerText('PORT', 0, 65535).default(3000),
  HOST: z.string().min(1, { error: 'HOST must not be empty' }).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, { error: 'DATA_DIR must not be empty' }).default(DEFAULT_DATA_DIR),
  DATABASE_URL: urlText('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: urlText('PUBLIC_URL', ['http:', 'https:']).optional(),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must have at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL: integerText('ACCESS_TOKEN_TTL', 1, 7 * 24 * 3600).default(ACCESS_TOKEN_TTL_DEFAULT_S),
  SMTP_URL: urlText('SMTP_URL', ['smtp:', 'smtps:']).optional(),
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
  TRUST_PROXY: booleanText('TRUST_PROXY').default(false),
  IDEMPOTENCY_LEASE_MS: integerText('IDEMPOTENCY_LEASE_MS', 300, 10 * 60 * 1000).default(12_000),
  PAYMENT_GATEWAY: z.enum(['sandbox'], { error: 'PAYMENT_GATEWAY must be sandbox' }).default('sandbox'),
  PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION: booleanText('PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION').default(false),
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, { error: 'PAYMENT_WEBHOOK_SECRET must have at least 32 characters' }).optional(),
  PIX_KEY: z.string().min(1).max(77, { error: 'PIX_KEY must have at most 77 characters' }).default('pix@semear.dev'),
  PIX_MERCHANT_NAME: z.string().min(1).max(25, { error: 'PIX_MERCHANT_NAME must have at most 25 characters' }).default('SEMEAR DOACOES'),
  PIX_MERCHANT_CITY: z.string().min(1).max(15, { error: 'PIX_MERCHANT_CITY must have at most 15 characters' }).default('SAO PAULO'),
  PIX_EXPIRES_S: integerText('PIX_EXPIRES_S', 60, 7 * 24 * 3600).default(1800),
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
  publicUrl: string;
  jwtSecret: string;
  accessTokenTtlS: number;
  smtpUrl: string | null;
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
  trustProxy: boolean;
  payments: {
    gateway: 'sandbox';
    webhookSecret: string;
    pix: { key: string; merchantName: string; merchantCity: string; expiresS: number };
  };
  cep: { provider: 'embedded' | 'viacep' | 'brasilapi'; url: string | null };
  realtime: RealtimeConfig;
  /** Where uploads live: DATA_DIR/uploads, or an S3 bucket. */
  storage: StorageConfig;
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

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const present = (secret: string | undefined): string => {
  if (secret === undefined) throw new ConfigError('Invalid configuration: a secret is missing');
  return secret;
};

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
  const parsed = envSchema.safeParse(definedOnly(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'configuration');
      return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // Anyone can confirm a payment on the sandbox's public pages: production must say it means it.
  if (production && e.PAYMENT_GATEWAY === 'sandbox' && !e.PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION) {
    throw new ConfigError(
      'Invalid configuration: NODE_ENV=production with PAYMENT_GATEWAY=sandbox, whose public pages confirm any payment; ' +
        'configure a real gateway, or set PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION=true for a staging site',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const missing = GENERATED_SECRET_NAMES.filter((name) => e[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} not set (server/start.ts makes them and keeps them in DATA_DIR; see config-secrets.ts)`,
    );
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: present(e.JWT_SECRET),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    adScriptUrl: e.AD_SCRIPT_URL ?? null,
    demoSeed: e.DEMO_SEED ?? !production,
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS },
    paymentRateLimitMax: e.PAYMENT_RATE_LIMIT_MAX,
    analyticsRateLimitMax: e.ANALYTICS_RATE_LIMIT_MAX,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_MS,
    trustProxy: e.TRUST_PROXY,
    payments: {
      gateway: e.PAYMENT_GATEWAY,
      webhookSecret: present(e.PAYMENT_WEBHOOK_SECRET),
      pix: { key: e.PIX_KEY, merchantName: e.PIX_MERCHANT_NAME, merchantCity: e.PIX_MERCHANT_CITY, expiresS: e.PIX_EXPIRES_S },
    },
    cep: { provider: e.CEP_PROVIDER, url: e.CEP_PROVIDER_URL?.replace(/\/+$/, '') ?? null },
    realtime: realtimeConfig(e),
    storage: storageConfig(e, dataDir),
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
