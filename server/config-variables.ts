import { ACCESS_TOKEN_TTL_DEFAULT_S } from '../contracts/constants';

/**
 * Every environment variable the server reads, with its default. The tables of the README and
 * docs/configuration.md are generated from this one (`npm run config:docs`), so it is the one place to add a variable.
 */
export const DEFAULT_DATA_DIR = '.data';
export const DEFAULT_SMTP_MAX_CONNECTIONS = 20;

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
  {
    name: 'DATABASE_PREPARED_STATEMENTS',
    default: 'true',
    description:
      'Each pooled PostgreSQL connection parses and plans a statement once, then only binds and runs it. Set false when DATABASE_URL points at a pooler in transaction mode that cannot keep prepared statements (PgBouncer before 1.21, or without max_prepared_statements).',
  },
  {
    name: 'REDIS_URL',
    default: '(unset: each node counts in memory)',
    description:
      'Redis (redis://[:pass@]host:6379/0 or rediss://…) where every API node shares the rate-limit and wrong gift-card code counts, so a limit holds across nodes. While Redis is unreachable each node counts on its own.',
  },
  { name: 'PUBLIC_URL', default: 'http://localhost:PORT', description: 'Public address of the site, used in links sent by e-mail.' },
  {
    name: 'JWT_SECRET',
    default: '(unset: random, kept in DATA_DIR/jwt-secret)',
    description:
      'Secret that signs access tokens (HS256), at least 32 characters. Every API node must share it. The keys that encrypt TOTP secrets and hash recovery codes derive from it: changing it turns off every authenticator app and recovery code (docs/security.md).',
  },
  { name: 'ACCESS_TOKEN_TTL', default: String(ACCESS_TOKEN_TTL_DEFAULT_S), description: 'Lifetime of an access token, in seconds.' },
  {
    name: 'SMTP_URL',
    default: '(unset: embedded mailbox in DATA_DIR/mail)',
    description: 'SMTP server for outgoing mail (smtp://user:pass@host:587 or smtps://...).',
  },
  {
    name: 'SMTP_MAX_CONNECTIONS',
    default: String(DEFAULT_SMTP_MAX_CONNECTIONS),
    description:
      'Connections each node keeps open to SMTP_URL; its outbox sends that many messages at once (10,000 at 300 ms each take about 2.5 minutes with 20). Keep nodes × this within what the provider allows one sender: a refused connection fails its message, which is retried like any failure.',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset: no /metrics)',
    description:
      'Bearer token (16 characters or more) Prometheus sends to GET /metrics on each node (docs/deploy.md, "Metrics"). Unset, /metrics answers 404.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: '(unset: no tracing)',
    description:
      'OpenTelemetry collector (OTLP/HTTP, e.g. http://otel-collector:4318) that receives traces of requests, database calls and provider calls at `/v1/traces` (docs/deploy.md, "Tracing"). Unset, the tracing SDK is never loaded.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_PROTOCOL',
    default: 'http/protobuf',
    description: 'How spans are encoded to OTEL_EXPORTER_OTLP_ENDPOINT: `http/protobuf` or `http/json` (gRPC is not supported).',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_HEADERS',
    default: '(unset)',
    description: "Headers sent with every export, `key=value,key2=value2` URL-encoded (a tracing service's API key).",
  },
  { name: 'OTEL_SERVICE_NAME', default: 'semear', description: 'The service name traces carry (`service.name`).' },
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
    name: 'BACKUP_EVERY',
    default: '24h',
    description:
      'With the embedded database, how often the server writes a snapshot of it (30m, 6h, 24h, 7d; at least 5m), or off. PostgreSQL keeps its own backups (docs/deploy.md, "Backups"): the app writes none there.',
  },
  {
    name: 'BACKUP_DIR',
    default: '(unset: beside DATA_DIR, named <its name>-backups, e.g. .data-backups)',
    description:
      "Folder the embedded database's snapshots go to, outside DATA_DIR. With S3_BUCKET set they go to the bucket instead, under backups/.",
  },
  { name: 'BACKUP_KEEP', default: '14', description: 'How many snapshots are kept (the oldest are deleted; the newest never).' },
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
  {
    name: 'WEBHOOKS_ALLOW_PRIVATE_TARGETS',
    default: 'false',
    description:
      'Let outgoing webhooks reach loopback, private and link-local addresses (a receiver on this machine, in development). Never in production.',
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
    description:
      'Payment attempts per client address and minute, counted once across every payment route (donations, gift-card orders, monthly giving, card tokenisation): slows down card testing. Gift-card code look-ups have a limit of their own of the same size.',
  },
  {
    name: 'ANALYTICS_RATE_LIMIT_MAX',
    default: '60',
    description:
      'Page-view batches per client address and minute (a browser tab sends at most one every 3 s; a refused batch is kept and sent again).',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Behind a load balancer or reverse proxy: its addresses or CIDR ranges, comma-separated (`10.0.0.2`, `172.31.250.0/24`, or `loopback`, `linklocal`, `uniquelocal`), whose X-Forwarded-For then names the client that rate limits and the audit log go by. Only those proxies: `true` and hop counts are refused, since they would believe a header any client can send (docs/deploy.md).',
  },
  {
    name: 'IDEMPOTENCY_LEASE_MS',
    default: '12000',
    description:
      'How long a request holds its Idempotency-Key without renewing it (renewed every third of it while the work runs); a retry after a crash takes the key over once it runs out.',
  },
  {
    name: 'ADMIN_SECOND_FACTOR',
    default: 'required with NODE_ENV=production, else optional',
    description:
      '`required`: a member holding a money permission (MANAGE_FINANCES, MANAGE_PIX_ACCOUNTS or MANAGE_TEAM) cannot write anything in the admin (403 auth.second_factor_enrolment_required) until they enrol a second factor (TOTP or passkey); reads still work. `optional`: each person chooses (docs/security.md).',
  },
  {
    name: 'REFUND_APPROVAL_ABOVE',
    default: '100000',
    description:
      "Once a donation's refunds together (done, under way and waiting) pass this many cents (R$ 1.000,00 by default), each further refund waits for a second admin to approve it.",
  },
  {
    name: 'EXPORT_MAX_RUNS',
    default: '(unset: 1 on the embedded PGlite, 2 on PostgreSQL)',
    description:
      "How many exports in the background one node prepares at once, whoever asked them; the others wait in one queue, oldest first, each admin's one at a time (docs/admin.md). Each run takes a share of the database and of the node's memory, so twenty admins asking at once do not freeze the node. PGlite runs in the server's own thread, where a second run adds no speed, only waiting.",
  },
  {
    name: 'PAYMENT_CARD_PROVIDER',
    default: 'sandbox',
    description:
      'Who charges cards (one-time, saved and monthly): `sandbox`, the embedded gateway with its test cards, or `mercadopago` (needs MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY and MERCADOPAGO_WEBHOOK_SECRET).',
  },
  {
    name: 'PAYMENT_PIX_PROVIDER',
    default: 'sandbox',
    description:
      "Who issues and settles PIX charges: `sandbox` (its payment page at /sandbox-gateway), `mercadopago` (needs MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET) or `api-pix`, the NGO's own bank through the Central Bank's API Pix (needs the PIX_API_* variables).",
  },
  {
    name: 'PAYMENT_PAYPAL_PROVIDER',
    default: 'sandbox',
    description:
      'Who takes PayPal donations: `sandbox` (its approval page at /sandbox-gateway) or `paypal` (needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID).',
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
  {
    name: 'MERCADOPAGO_ACCESS_TOKEN',
    default: '(unset)',
    description: "The Mercado Pago application's access token (production or test credentials), sent as a Bearer token.",
  },
  {
    name: 'MERCADOPAGO_WEBHOOK_SECRET',
    default: '(unset)',
    description: "The secret Mercado Pago shows for the application's webhooks; every notification's x-signature is checked with it.",
  },
  {
    name: 'MERCADOPAGO_PUBLIC_KEY',
    default: '(unset)',
    description: "The Mercado Pago application's public key: the checkout's card fields are tokenised with it in the browser (cards only).",
  },
  {
    name: 'MERCADOPAGO_API_URL',
    default: 'https://api.mercadopago.com',
    description: "Mercado Pago's API (a proxy, or a stand-in in tests).",
  },
  {
    name: 'MERCADOPAGO_SDK_URL',
    default: 'https://sdk.mercadopago.com/js/v2',
    description:
      "Mercado Pago's browser script that tokenises cards; the Content-Security-Policy allows its origin while cards go to Mercado Pago.",
  },
  {
    name: 'PAYPAL_CLIENT_ID',
    default: '(unset)',
    description: "The client id of the NGO's PayPal REST app (live, or sandbox with PAYPAL_API_URL pointing at PayPal's sandbox).",
  },
  {
    name: 'PAYPAL_CLIENT_SECRET',
    default: '(unset)',
    description: "The PayPal app's secret; with the client id it buys the OAuth token every call carries.",
  },
  {
    name: 'PAYPAL_WEBHOOK_ID',
    default: '(unset)',
    description:
      'The id PayPal gives the webhook registered for {PUBLIC_URL}/api/v1/payments/webhooks/paypal; every notification is verified with it.',
  },
  {
    name: 'PAYPAL_API_URL',
    default: 'https://api-m.paypal.com',
    description:
      "PayPal's REST API: https://api-m.sandbox.paypal.com to try it with PayPal's sandbox accounts, a proxy, or a stand-in in tests.",
  },
  {
    name: 'PIX_API_URL',
    default: '(unset)',
    description:
      'The base URL of the bank\'s API Pix (with its version path, e.g. `/v2`), from the bank\'s developer portal (docs/payments.md, "PIX from your bank").',
  },
  {
    name: 'PIX_API_TOKEN_URL',
    default: '(unset)',
    description: "The bank's OAuth2 token endpoint; client credentials are exchanged there for the token every call carries.",
  },
  {
    name: 'PIX_API_CLIENT_ID',
    default: '(unset)',
    description: "The client id of the application registered at the bank's developer portal.",
  },
  {
    name: 'PIX_API_CLIENT_SECRET',
    default: '(unset)',
    description: 'The secret of that application.',
  },
  {
    name: 'PIX_API_CERT',
    default: '(unset)',
    description: 'Path of the client certificate (PEM) the bank issued for mutual TLS; a missing or unreadable file stops start-up.',
  },
  {
    name: 'PIX_API_CERT_KEY',
    default: '(unset)',
    description: "Path of that certificate's private key (PEM).",
  },
  {
    name: 'PIX_API_PFX',
    default: '(unset)',
    description: 'Instead of PIX_API_CERT and PIX_API_CERT_KEY: path of the certificate and key in one PKCS#12 (.pfx/.p12) file.',
  },
  {
    name: 'PIX_API_PFX_PASSPHRASE',
    default: '(unset)',
    description: 'The passphrase of PIX_API_PFX, if it has one.',
  },
  {
    name: 'PIX_API_CA',
    default: '(unset)',
    description: "Path of an extra certificate authority (PEM) to trust, for a bank's homologation environment or a test stand-in.",
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
    name: 'CARD_CHALLENGE_PROVIDER',
    default: '(unset: none)',
    description:
      '`turnstile` (Cloudflare Turnstile) or `hcaptcha`: what a donor paying with a new card on a campaign under card testing must solve (docs/payments.md, "Card testing"). Unset: such a campaign admits one card attempt per CARD_TESTING_SLOW_INTERVAL_S instead.',
  },
  {
    name: 'CARD_CHALLENGE_SITE_KEY',
    default: '(unset)',
    description: "The challenge provider's site key (public: the checkout's widget shows it).",
  },
  {
    name: 'CARD_CHALLENGE_SECRET',
    default: '(unset)',
    description: "The challenge provider's secret key, with which the server checks each token at the provider's siteverify.",
  },
  {
    name: 'CARD_CHALLENGE_VERIFY_URL',
    default: "the provider's siteverify (https://challenges.cloudflare.com/turnstile/v0/siteverify, https://api.hcaptcha.com/siteverify)",
    description: 'Where tokens are checked (a proxy, or a stand-in in tests).',
  },
  {
    name: 'CARD_TESTING_DECLINES_PER_MINUTE',
    default: '10',
    description:
      'More declined (or still unanswered) new-card attempts than this on one campaign within a minute is a card-testing burst: the campaign is guarded and the admins with MANAGE_FINANCES are mailed, once per burst.',
  },
  {
    name: 'ALERT_PROVIDER_ERRORS',
    default: '10',
    description:
      'This many failed calls to one payment provider within 5 minutes, on one node, raise an alert to the admins (docs/deploy.md, "Alerts").',
  },
  {
    name: 'ALERT_WEBHOOK_SIGNATURE_FAILURES',
    default: '20',
    description: 'This many provider webhooks whose signature does not verify within 5 minutes, on one node, raise an alert to the admins.',
  },
  {
    name: 'ALERT_QUEUE_AGE_MINUTES',
    default: '10',
    description:
      'A queue (mail outbox, webhook deliveries, jobs, exports) whose oldest due item waits longer than this raises an alert to the admins.',
  },
  {
    name: 'CARD_TESTING_GUARD_MINUTES',
    default: '30',
    description: 'How long a campaign stays guarded after the last sign of its burst.',
  },
  {
    name: 'CARD_TESTING_SLOW_INTERVAL_S',
    default: '30',
    description:
      'Without a challenge provider, a guarded campaign admits one new-card attempt per this many seconds; the others answer 429 with Retry-After, before any gateway call.',
  },
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
