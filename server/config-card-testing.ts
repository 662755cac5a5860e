import { z } from 'zod';
import { ConfigError, integerText, urlText } from './config-text';

/** The challenge providers a campaign under card testing can ask for (docs/payments.md, "Card testing"). */
export const CARD_CHALLENGE_PROVIDERS = ['turnstile', 'hcaptcha'] as const;
export type CardChallengeProvider = (typeof CARD_CHALLENGE_PROVIDERS)[number];

/** Each provider's documented siteverify endpoint, browser script and the origins its widget needs. */
export const CHALLENGE_PROVIDER_FACTS: Record<CardChallengeProvider, { verifyUrl: string; scriptUrl: string; origins: readonly string[] }> =
  {
    turnstile: {
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
      origins: ['https://challenges.cloudflare.com'],
    },
    hcaptcha: {
      verifyUrl: 'https://api.hcaptcha.com/siteverify',
      scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit',
      origins: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    },
  };

export const cardTestingEnv = {
  CARD_CHALLENGE_PROVIDER: z
    .enum(CARD_CHALLENGE_PROVIDERS, { error: `CARD_CHALLENGE_PROVIDER must be ${CARD_CHALLENGE_PROVIDERS.join(' or ')}` })
    .optional(),
  CARD_CHALLENGE_SITE_KEY: z.string().min(1).max(200).optional(),
  CARD_CHALLENGE_SECRET: z.string().min(1).max(200).optional(),
  CARD_CHALLENGE_VERIFY_URL: urlText('CARD_CHALLENGE_VERIFY_URL', ['https:', 'http:']).optional(),
  CARD_TESTING_DECLINES_PER_MINUTE: integerText('CARD_TESTING_DECLINES_PER_MINUTE', 1, 10_000).default(10),
  CARD_TESTING_GUARD_MINUTES: integerText('CARD_TESTING_GUARD_MINUTES', 1, 24 * 60).default(30),
  CARD_TESTING_SLOW_INTERVAL_S: integerText('CARD_TESTING_SLOW_INTERVAL_S', 1, 3600).default(30),
};

type CardTestingEnv = z.output<z.ZodObject<typeof cardTestingEnv>>;

export interface CardChallengeConfig {
  provider: CardChallengeProvider;
  siteKey: string;
  secret: string;
  verifyUrl: string;
}

export interface CardTestingConfig {
  /** More card declines (or unanswered attempts) than this on one campaign within a minute is a burst. */
  declinesPerMinute: number;
  /** A guarded campaign stays guarded this long after its burst's last sign. */
  guardMs: number;
  /** Without a challenge provider, a guarded campaign admits one new-card attempt per this interval. */
  slowIntervalMs: number;
  /** null: no challenge provider, guarded campaigns are slowed down instead. */
  challenge: CardChallengeConfig | null;
}

export function cardTestingConfig(e: CardTestingEnv): CardTestingConfig {
  const provider = e.CARD_CHALLENGE_PROVIDER;
  const missing = provider ? (['CARD_CHALLENGE_SITE_KEY', 'CARD_CHALLENGE_SECRET'] as const).filter((name) => !e[name]) : [];
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration: CARD_CHALLENGE_PROVIDER=${provider} needs ${missing.join(' and ')}`);
  return {
    declinesPerMinute: e.CARD_TESTING_DECLINES_PER_MINUTE,
    guardMs: e.CARD_TESTING_GUARD_MINUTES * 60_000,
    slowIntervalMs: e.CARD_TESTING_SLOW_INTERVAL_S * 1000,
    challenge:
      provider && e.CARD_CHALLENGE_SITE_KEY && e.CARD_CHALLENGE_SECRET
        ? {
            provider,
            siteKey: e.CARD_CHALLENGE_SITE_KEY,
            secret: e.CARD_CHALLENGE_SECRET,
            verifyUrl: e.CARD_CHALLENGE_VERIFY_URL ?? CHALLENGE_PROVIDER_FACTS[provider].verifyUrl,
          }
        : null,
  };
}
