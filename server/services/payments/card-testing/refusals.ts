import { errorCodes } from '../../../../contracts/errors';
import type { MessageDescriptor } from '../../../../contracts/messages';
import { givingMessages as gm } from '../../../../contracts/giving-messages';
import { CHALLENGE_PROVIDER_FACTS, type CardChallengeConfig } from '../../../config-card-testing';

/**
 * A new-card attempt a guarded campaign turns away before anything is written or any gateway is asked: the
 * donation route answers it (its body has more than the error handler's `{ message, code }`).
 */
export class CardTestingRefusal extends Error {
  override name = 'CardTestingRefusal';
  constructor(
    readonly status: 403 | 429,
    readonly code: string,
    readonly text: MessageDescriptor,
    readonly extra: { challenge?: { provider: string; site_key: string; script_url: string }; retryAfterS?: number },
  ) {
    super(code);
  }
}

/** 403 payment.challenge_required, with what the checkout's widget needs (never the secret). */
export const challengeRequired = (challenge: CardChallengeConfig, refused: boolean) =>
  new CardTestingRefusal(403, errorCodes.paymentChallengeRequired, refused ? gm.cardChallengeRefused : gm.cardChallengeRequired, {
    challenge: {
      provider: challenge.provider,
      site_key: challenge.siteKey,
      script_url: CHALLENGE_PROVIDER_FACTS[challenge.provider].scriptUrl,
    },
  });

/** 429 payment.card_slowed with Retry-After: the campaign's next card attempt is admitted then. */
export const cardSlowed = (retryAfterS: number) =>
  new CardTestingRefusal(429, errorCodes.paymentCardSlowed, gm.cardSlowed, { retryAfterS: Math.max(1, Math.ceil(retryAfterS)) });
