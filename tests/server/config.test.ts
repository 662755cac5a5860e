import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configVariables, ConfigError, loadConfig } from '../../server/config';
import { withGeneratedSecrets } from '../../server/config-secrets';
import { CONFIG_DOCS, configTable, keptTable } from '../../scripts/config-docs';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'semear-config-'));
  dirs.push(dir);
  return dir;
};
/** As server/start.ts reads it: unset secrets made and kept in DATA_DIR first. */
const apiPixCredentials = {
  PIX_API_URL: 'https://pix.bank.example/api/v2',
  PIX_API_TOKEN_URL: 'https://oauth.bank.example/token',
  PIX_API_CLIENT_ID: 'client',
  PIX_API_CLIENT_SECRET: 'secret',
};
/** A readable file that is no certificate: this test file itself. */
const notACertificate = new URL(import.meta.url).pathname;
const load = (env: Record<string, string | undefined>) => loadConfig(withGeneratedSecrets(env));

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has working defaults for every variable', () => {
    const dataDir = scratch();
    const config = load({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: null,
      databasePreparedStatements: true,
      publicUrl: 'http://localhost:3000',
      accessTokenTtlS: 900,
      smtpUrl: null,
      smtpMaxConnections: 20,
      mailFrom: 'Semear <nao-responda@semear.dev>',
      adScriptUrl: null,
      demoSeed: true,
      logLevel: 'info',
      authRateLimit: { max: 10, windowMs: 60_000 },
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: scratch(),
      DATABASE_URL: 'postgres://semear:x@db:5432/semear',
      DATABASE_PREPARED_STATEMENTS: 'false',
      PUBLIC_URL: 'https://semear.org.br/',
      JWT_SECRET: 'a'.repeat(40),
      ACCESS_TOKEN_TTL: '60',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      SMTP_MAX_CONNECTIONS: '8',
      MAIL_FROM: 'Semear <contato@semear.org.br>',
      AD_SCRIPT_URL: 'https://ads.example.net/tag.js',
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '5',
      AUTH_RATE_LIMIT_WINDOW_MS: '30000',
      TRUST_PROXY: '10.0.0.2, 172.31.250.0/24',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://semear:x@db:5432/semear',
      databasePreparedStatements: false,
      publicUrl: 'https://semear.org.br',
      jwtSecret: 'a'.repeat(40),
      accessTokenTtlS: 60,
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      smtpMaxConnections: 8,
      adScriptUrl: 'https://ads.example.net/tag.js',
      demoSeed: false,
      logLevel: 'warn',
      authRateLimit: { max: 5, windowMs: 30_000 },
      trustProxy: ['10.0.0.2', '172.31.250.0/24'],
    });
  });

  it('treats empty variables as unset', () => {
    expect(load({ DATA_DIR: scratch(), PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: null });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number between 0 and 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://'],
    [{ PUBLIC_URL: 'semear.dev' }, 'PUBLIC_URL must be a URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must have at least 32 characters'],
    [{ METRICS_TOKEN: 'guessable' }, 'METRICS_TOKEN must have at least 16 characters'],
    [{ ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL must be a whole number'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://'],
    [{ SMTP_MAX_CONNECTIONS: '0' }, 'SMTP_MAX_CONNECTIONS must be a whole number between 1 and 200'],
    [{ AD_SCRIPT_URL: 'javascript:alert(1)' }, 'AD_SCRIPT_URL must be a URL'],
    [{ DEMO_SEED: 'maybe' }, 'DEMO_SEED must be true or false'],
    [{ ADMIN_SECOND_FACTOR: 'sometimes' }, 'ADMIN_SECOND_FACTOR must be required or optional'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ AUTH_RATE_LIMIT_MAX: '-1' }, 'AUTH_RATE_LIMIT_MAX must be a whole number'],
    [{ AUTH_RATE_LIMIT_WINDOW_MS: '10' }, 'AUTH_RATE_LIMIT_WINDOW_MS must be a whole number'],
    [{ TRUST_PROXY: 'sometimes' }, 'TRUST_PROXY must be false or a comma-separated list'],
    [{ DATABASE_PREPARED_STATEMENTS: 'sometimes' }, 'DATABASE_PREPARED_STATEMENTS must be true or false'],
    [{ PAYMENT_CARD_PROVIDER: 'stripe' }, 'PAYMENT_CARD_PROVIDER must be sandbox or mercadopago'],
    [
      { PAYMENT_CARD_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1', MERCADOPAGO_WEBHOOK_SECRET: 'mp-secret' },
      'PAYMENT_CARD_PROVIDER=mercadopago needs MERCADOPAGO_PUBLIC_KEY',
    ],
    [{ MERCADOPAGO_SDK_URL: 'javascript:alert(1)' }, 'MERCADOPAGO_SDK_URL must be a URL'],
    [{ PAYMENT_PIX_PROVIDER: 'bank' }, 'PAYMENT_PIX_PROVIDER must be sandbox, mercadopago or api-pix'],
    [{ MERCADOPAGO_API_URL: 'ftp://mp' }, 'MERCADOPAGO_API_URL must be a URL'],
    [
      { PAYMENT_PIX_PROVIDER: 'mercadopago' },
      'PAYMENT_PIX_PROVIDER=mercadopago needs MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET',
    ],
    [
      { PAYMENT_PIX_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1' },
      'PAYMENT_PIX_PROVIDER=mercadopago needs MERCADOPAGO_WEBHOOK_SECRET',
    ],
    [
      { PAYMENT_PIX_PROVIDER: 'api-pix' },
      'PAYMENT_PIX_PROVIDER=api-pix needs PIX_API_URL, PIX_API_TOKEN_URL, PIX_API_CLIENT_ID, PIX_API_CLIENT_SECRET, PIX_API_CERT and PIX_API_CERT_KEY (or PIX_API_PFX)',
    ],
    [{ PAYMENT_PIX_PROVIDER: 'api-pix', ...apiPixCredentials, PIX_API_CERT: '/nowhere/cert.pem' }, 'needs PIX_API_CERT_KEY'],
    [
      { PAYMENT_PIX_PROVIDER: 'api-pix', ...apiPixCredentials, PIX_API_CERT: '/nowhere/cert.pem', PIX_API_CERT_KEY: '/nowhere/key.pem' },
      'PIX_API_CERT=/nowhere/cert.pem cannot be read (ENOENT)',
    ],
    [
      { PAYMENT_PIX_PROVIDER: 'api-pix', ...apiPixCredentials, PIX_API_PFX: '/nowhere/bank.pfx', PIX_API_CERT: '/nowhere/cert.pem' },
      'set PIX_API_CERT with PIX_API_CERT_KEY, or PIX_API_PFX, not both',
    ],
    [
      { PAYMENT_PIX_PROVIDER: 'api-pix', ...apiPixCredentials, PIX_API_CERT: notACertificate, PIX_API_CERT_KEY: notACertificate },
      'PIX_API_CERT and PIX_API_CERT_KEY do not hold a usable client certificate',
    ],
    [{ PAYMENT_PAYPAL_PROVIDER: 'stripe' }, 'PAYMENT_PAYPAL_PROVIDER must be sandbox or paypal'],
    [{ PAYPAL_API_URL: 'ftp://paypal' }, 'PAYPAL_API_URL must be a URL'],
    [
      { PAYMENT_PAYPAL_PROVIDER: 'paypal' },
      'PAYMENT_PAYPAL_PROVIDER=paypal needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID',
    ],
    [
      { PAYMENT_PAYPAL_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'AbC-client', PAYPAL_CLIENT_SECRET: 'EfG-secret' },
      'PAYMENT_PAYPAL_PROVIDER=paypal needs PAYPAL_WEBHOOK_ID',
    ],
    [{ PAYMENT_WEBHOOK_SECRET: 'short' }, 'PAYMENT_WEBHOOK_SECRET must have at least 32 characters'],
    [{ PIX_MERCHANT_CITY: 'A CITY NAME TOO LONG' }, 'PIX_MERCHANT_CITY must have at most 15 characters'],
    [{ PIX_EXPIRES_S: '10' }, 'PIX_EXPIRES_S must be a whole number between 60 and 604800'],
    [{ CEP_PROVIDER: 'correios' }, 'CEP_PROVIDER must be embedded, viacep or brasilapi'],
    [{ CEP_PROVIDER_URL: 'ftp://x' }, 'CEP_PROVIDER_URL must be a URL'],
  ])('stops on %o with a message naming the variable', (env, message) => {
    expect(() => load({ DATA_DIR: scratch(), ...env })).toThrow(ConfigError);
    expect(() => load({ DATA_DIR: scratch(), ...env })).toThrow(message);
  });

  it('only reads: without the secrets it refuses to start and writes nothing', () => {
    const dataDir = scratch();
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/JWT_SECRET, PAYMENT_WEBHOOK_SECRET, PUSHER_SECRET not set/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT must .*; LOG_LEVEL must/);
  });

  it('without JWT_SECRET makes one secret, keeps it in DATA_DIR/jwt-secret (0600) and reuses it', () => {
    const dataDir = scratch();
    const first = load({ DATA_DIR: dataDir });
    const second = load({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('without PAYMENT_WEBHOOK_SECRET keeps a random one in DATA_DIR/webhook-secret, like the JWT secret', () => {
    const dataDir = scratch();
    const first = load({ DATA_DIR: dataDir });
    expect(first.payments.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.payments.webhookSecret).not.toBe(first.jwtSecret);
    expect(load({ DATA_DIR: dataDir }).payments.webhookSecret).toBe(first.payments.webhookSecret);
    expect(statSync(join(dataDir, 'webhook-secret')).mode & 0o777).toBe(0o600);
  });

  describe('NODE_ENV=production is explicit', () => {
    const production = { NODE_ENV: 'production', PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION: 'true' };

    it('turns the demo seed off by default; DEMO_SEED set explicitly still decides', () => {
      const DATA_DIR = scratch();
      expect(load({ DATA_DIR, ...production })).toMatchObject({ production: true, demoSeed: false });
      expect(load({ DATA_DIR, ...production, DEMO_SEED: 'true' }).demoSeed).toBe(true);
      expect(load({ DATA_DIR, NODE_ENV: 'development' })).toMatchObject({ production: false, demoSeed: true });
      expect(load({ DATA_DIR, NODE_ENV: 'test', DEMO_SEED: 'false' }).demoSeed).toBe(false);
    });

    it('requires a second factor of money members by default; ADMIN_SECOND_FACTOR set explicitly still decides', () => {
      const DATA_DIR = scratch();
      expect(load({ DATA_DIR, ...production }).adminSecondFactor).toBe('required');
      expect(load({ DATA_DIR, ...production, ADMIN_SECOND_FACTOR: 'optional' }).adminSecondFactor).toBe('optional');
      expect(load({ DATA_DIR, NODE_ENV: 'development' }).adminSecondFactor).toBe('optional');
      expect(load({ DATA_DIR, ADMIN_SECOND_FACTOR: 'required' }).adminSecondFactor).toBe('required');
    });

    it('refuses to start on the sandbox gateway unless PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION=true', () => {
      const DATA_DIR = scratch();
      for (const env of [{}, { PAYMENT_CARD_PROVIDER: 'sandbox' }, { PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION: 'false' }]) {
        const start = () => load({ DATA_DIR, NODE_ENV: 'production', ...env });
        expect(start).toThrow(ConfigError);
        expect(start).toThrow(/PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION=true/);
        // Each method still on the sandbox is named.
        expect(start).toThrow(/with PAYMENT_CARD_PROVIDER=sandbox, PAYMENT_PIX_PROVIDER=sandbox, PAYMENT_PAYPAL_PROVIDER=sandbox,/);
      }
      expect(load({ DATA_DIR, ...production }).payments.providers).toEqual({ card: 'sandbox', pix: 'sandbox', paypal: 'sandbox' });
      const mercadopago = { MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-token', MERCADOPAGO_WEBHOOK_SECRET: 'mp-secret' };
      // Only the methods still on the sandbox are named.
      expect(() => load({ DATA_DIR, NODE_ENV: 'production', PAYMENT_PIX_PROVIDER: 'mercadopago', ...mercadopago })).toThrow(
        /with PAYMENT_CARD_PROVIDER=sandbox, PAYMENT_PAYPAL_PROVIDER=sandbox, whose public pages confirm any payment/,
      );
      expect(load({ DATA_DIR, ...production, PAYMENT_PIX_PROVIDER: 'mercadopago', ...mercadopago }).payments).toMatchObject({
        providers: { pix: 'mercadopago' },
        mercadopago: { apiUrl: 'https://api.mercadopago.com', accessToken: 'APP_USR-token', webhookSecret: 'mp-secret' },
      });
      const paypal = { PAYPAL_CLIENT_ID: 'AbC-client', PAYPAL_CLIENT_SECRET: 'EfG-secret', PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' };
      expect(load({ DATA_DIR, ...production, PAYMENT_PAYPAL_PROVIDER: 'paypal', ...paypal }).payments).toMatchObject({
        providers: { paypal: 'paypal' },
        paypal: {
          apiUrl: 'https://api-m.paypal.com',
          clientId: 'AbC-client',
          clientSecret: 'EfG-secret',
          webhookId: '8PT597110X687430LKGECATA',
        },
      });
      // Its credentials alone keep PayPal built (its payments still settle) while PayPal donations go elsewhere.
      expect(load({ DATA_DIR, ...paypal, PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com/' }).payments).toMatchObject({
        providers: { paypal: 'sandbox' },
        paypal: { apiUrl: 'https://api-m.sandbox.paypal.com' },
      });
      expect(() => load({ DATA_DIR, ...production, PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION: 'maybe' })).toThrow(
        /PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION must be true or false/,
      );
    });
  });

  it('runs one export at a time per node on PGlite, two on PostgreSQL, unless EXPORT_MAX_RUNS says otherwise', () => {
    expect(load({ DATA_DIR: scratch() }).exportMaxRuns).toBe(1);
    expect(load({ DATA_DIR: scratch(), DATABASE_URL: 'postgres://semear@db/semear' }).exportMaxRuns).toBe(2);
    expect(load({ DATA_DIR: scratch(), EXPORT_MAX_RUNS: '4' }).exportMaxRuns).toBe(4);
    expect(() => load({ DATA_DIR: scratch(), EXPORT_MAX_RUNS: '0' })).toThrow(/EXPORT_MAX_RUNS/);
  });

  it('documents every variable it reads', () => {
    expect(configVariables.map((v) => v.name)).toEqual([
      'NODE_ENV',
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'DATABASE_PREPARED_STATEMENTS',
      'REDIS_URL',
      'PUBLIC_URL',
      'JWT_SECRET',
      'ACCESS_TOKEN_TTL',
      'SMTP_URL',
      'SMTP_MAX_CONNECTIONS',
      'METRICS_TOKEN',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_PROTOCOL',
      'OTEL_EXPORTER_OTLP_HEADERS',
      'OTEL_SERVICE_NAME',
      'MAIL_FROM',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'BACKUP_EVERY',
      'BACKUP_DIR',
      'BACKUP_KEEP',
      'AD_SCRIPT_URL',
      'DEMO_SEED',
      'WEBHOOKS_ALLOW_PRIVATE_TARGETS',
      'LOG_LEVEL',
      'AUTH_RATE_LIMIT_MAX',
      'AUTH_RATE_LIMIT_WINDOW_MS',
      'PAYMENT_RATE_LIMIT_MAX',
      'ANALYTICS_RATE_LIMIT_MAX',
      'TRUST_PROXY',
      'IDEMPOTENCY_LEASE_MS',
      'ADMIN_SECOND_FACTOR',
      'REFUND_APPROVAL_ABOVE',
      'EXPORT_MAX_RUNS',
      'PAYMENT_CARD_PROVIDER',
      'PAYMENT_PIX_PROVIDER',
      'PAYMENT_PAYPAL_PROVIDER',
      'PAYMENT_GATEWAY_SANDBOX_IN_PRODUCTION',
      'PAYMENT_WEBHOOK_SECRET',
      'MERCADOPAGO_ACCESS_TOKEN',
      'MERCADOPAGO_WEBHOOK_SECRET',
      'MERCADOPAGO_PUBLIC_KEY',
      'MERCADOPAGO_API_URL',
      'MERCADOPAGO_SDK_URL',
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
      'PAYPAL_API_URL',
      'PIX_API_URL',
      'PIX_API_TOKEN_URL',
      'PIX_API_CLIENT_ID',
      'PIX_API_CLIENT_SECRET',
      'PIX_API_CERT',
      'PIX_API_CERT_KEY',
      'PIX_API_PFX',
      'PIX_API_PFX_PASSPHRASE',
      'PIX_API_CA',
      'PIX_KEY',
      'PIX_MERCHANT_NAME',
      'PIX_MERCHANT_CITY',
      'PIX_EXPIRES_S',
      'CARD_CHALLENGE_PROVIDER',
      'CARD_CHALLENGE_SITE_KEY',
      'CARD_CHALLENGE_SECRET',
      'CARD_CHALLENGE_VERIFY_URL',
      'CARD_TESTING_DECLINES_PER_MINUTE',
      'ALERT_PROVIDER_ERRORS',
      'ALERT_WEBHOOK_SIGNATURE_FAILURES',
      'ALERT_QUEUE_AGE_MINUTES',
      'CARD_TESTING_GUARD_MINUTES',
      'CARD_TESTING_SLOW_INTERVAL_S',
      'CEP_PROVIDER',
      'CEP_PROVIDER_URL',
      'PUSHER_APP_ID',
      'PUSHER_KEY',
      'PUSHER_SECRET',
      'PUSHER_HOST',
      'PUSHER_PORT',
      'PUSHER_USE_TLS',
      'PUSHER_CLUSTER',
      'REALTIME_MAX_CONNECTIONS',
      'REALTIME_MAX_CONNECTIONS_PER_USER',
      'REALTIME_AUTH_TIMEOUT_MS',
    ]);
    const docs = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    for (const v of configVariables) expect(docs).toContain(`\`${v.name}\``);
  });

  it('has its table in the README and docs/configuration.md as npm run config:docs writes it', () => {
    const generated = configTable();
    expect(generated.split('\n').filter((line) => line.startsWith('| `'))).toHaveLength(configVariables.length);
    for (const file of CONFIG_DOCS) {
      const doc = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(keptTable(doc), `${file} is out of date: run npm run config:docs`).toBe(generated);
    }
  });

  it('keeps uploads in DATA_DIR/uploads, or in the S3 bucket S3_BUCKET names', () => {
    const dataDir = scratch();
    expect(load({ DATA_DIR: dataDir }).storage).toEqual({ kind: 'local', dir: join(dataDir, 'uploads') });
    const s3 = {
      DATA_DIR: dataDir,
      S3_BUCKET: 'semear-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(load(s3).storage).toEqual({
      kind: 's3',
      bucket: 'semear-uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(() => load({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => load({ ...s3, S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => load({ ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });

  it('uses the embedded Pusher endpoint by default, hosted Pusher with a cluster, Soketi with a host', () => {
    const dataDir = scratch();
    const embedded = load({ DATA_DIR: dataDir }).realtime;
    expect(embedded).toMatchObject({
      embedded: true,
      appId: 'semear',
      key: 'semear-key',
      host: null,
      port: null,
      useTLS: false,
      cluster: null,
    });
    expect(embedded.secret.length).toBeGreaterThanOrEqual(32);
    expect(load({ DATA_DIR: dataDir }).realtime.secret).toBe(embedded.secret);
    expect(statSync(join(dataDir, 'pusher-secret')).mode & 0o777).toBe(0o600);
    expect(load({ DATA_DIR: dataDir, PUSHER_CLUSTER: 'sa1' }).realtime).toMatchObject({
      embedded: false,
      host: 'api-sa1.pusher.com',
      port: 443,
      useTLS: true,
      cluster: 'sa1',
    });
    expect(load({ DATA_DIR: dataDir, PUSHER_HOST: 'soketi.interno', PUSHER_PORT: '6001', PUSHER_USE_TLS: 'false' }).realtime).toMatchObject(
      { embedded: false, host: 'soketi.interno', port: 6001, useTLS: false },
    );
    expect(() => load({ DATA_DIR: dataDir, PUSHER_HOST: 'https://soketi.interno' })).toThrow(/PUSHER_HOST must be a host name/);
    expect(() => load({ DATA_DIR: dataDir, PUSHER_SECRET: 'short' })).toThrow(/PUSHER_SECRET must have at least 16 characters/);
  });
});
