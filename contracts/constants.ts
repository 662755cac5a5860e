/** Business constants and limits (docs/spec.md §9, docs/design.md §5). */
export const API_PREFIX = '/api/v1';

export const COOKIE_TOKEN = 'semear.token';
export const COOKIE_REFRESH_TOKEN = 'semear.refresh_token';
export const COOKIE_TOKEN_MAX_AGE_S = 604_800;
export const COOKIE_REFRESH_TOKEN_MAX_AGE_S = 2_592_000;

export const ACCESS_TOKEN_TTL_DEFAULT_S = 900;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const PASSWORD_RESET_TTL_S = 60 * 60;
/** A money action (docs/security.md, Step-up) needs a second factor proved within this time in the same session. */
export const STEP_UP_WINDOW_S = 5 * 60;
/** A sign-up's confirmation link (docs/spec.md §3): the account is only created when it is opened. */
export const SIGN_UP_CONFIRMATION_TTL_S = 24 * 60 * 60;
/** At most one sign-up mail (a confirmation link or an "account exists" notice) per address in this time. */
export const SIGN_UP_MAIL_INTERVAL_S = 5 * 60;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const ANALYTICS_DRAIN_MS = 3000;
export const PREFETCH_MARGIN_PX = 200;

export const PROGRESS = { start: 20, step: 10, stepEveryMs: 500, ceiling: 70, finish: 100, resetAfterMs: 200 } as const;

export const NOTIFICATIONS_PAGE_SIZE = 30;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const LOCALES = ['pt', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt';
/** Formatting is always Brazilian whatever the interface language (docs/spec.md §1). */
export const FORMAT_LOCALE = 'pt-BR';
export const CURRENCY = 'BRL';
export const TIME_ZONE = 'America/Sao_Paulo';
export const LOCALE_STORAGE_KEY = 'semear.locale';

/** Donations (cents). R$ 5,00 keeps card fees from eating a gift; R$ 100.000,00 asks for a human. */
export const DONATION_MIN_CENTS = 500;
export const DONATION_MAX_CENTS = 10_000_000;
export const DONATION_MESSAGE_MAX = 500;
/** Suggested amounts on the campaign page and checkout, in reais. */
export const SUGGESTED_AMOUNTS_REAIS = [30, 50, 100, 200] as const;
export const CAMPAIGN_LATEST_ITEMS = 5;
export const CAMPAIGN_PAGE_SIZE = 12;
/** The checkout asks for the donation's state this often while a PIX or PayPal payment is open. */
export const PAYMENT_POLL_MS = 2000;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const RECEIPT_TOKEN_HEADER = 'x-receipt-token';
export const WEBHOOK_SIGNATURE_HEADER = 'x-semear-signature';
/** Webhooks older than this are refused even with a good signature (replay protection). */
export const WEBHOOK_TOLERANCE_S = 300;
/** Gift card credit lasts 6 months from purchase (docs/spec.md §9). */
export const GIFT_CARD_VALIDITY_MONTHS = 6;

/** Monthly giving (cents): R$ 10,00 to R$ 10.000,00 a month; presets on /doacao-mensal in reais. */
export const MONTHLY_MIN_CENTS = 1000;
export const MONTHLY_MAX_CENTS = 1_000_000;
export const MONTHLY_PRESETS_REAIS = [20, 35, 50, 100] as const;
/** A failed monthly charge is retried this many days after its due date (3 retries over 7 days). */
export const MONTHLY_RETRY_DAYS = [1, 3, 7] as const;
/** Donors hear about credit about to expire (and be donated) this many days ahead. */
export const CREDIT_EXPIRING_NOTICE_DAYS = 7;
/** What the automatic donation looks back on to find the cause a donor gave most to. */
export const AUTO_DONATION_LOOKBACK_MONTHS = 12;
export const WALLET_BALANCE_VISIBILITY_KEY = 'semear.wallet.visible';
/** The meta tag by which the server gives the web app the advertising script's URL (AD_SCRIPT_URL). */
export const AD_SCRIPT_META = 'semear:ad-script';
