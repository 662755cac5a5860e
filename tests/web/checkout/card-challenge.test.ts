import { describe, expect, it, vi } from 'vitest';
import type { CardChallengeAnswer, DonationRequestInput } from '../../../contracts';
import { withCardChallenge } from '../../../src/features/checkout/card-challenge';
import { ApiRequestError } from '../../../src/lib/http/api-error';

const answer: CardChallengeAnswer = {
  code: 'payment.challenge_required',
  message: 'Confirme que você não é um robô.',
  challenge: { provider: 'turnstile', site_key: '0x4AAA', script_url: 'https://challenges.cloudflare.com/turnstile/v0/api.js' },
};
/** How donationsApi rejects: an ApiRequestError whose cause is axios's error with the body. */
const refusedWith = (data: unknown, status = 403) =>
  new ApiRequestError({ status, code: (data as { code?: string }).code, messages: ['…'] }, { cause: { response: { status, data } } });

const request = (payment: DonationRequestInput['payment']) => ({ payment }) as DonationRequestInput;

describe('a donation call on a campaign under card testing', () => {
  it('shows the challenge and sends the card again with its token', async () => {
    const send = vi.fn().mockRejectedValueOnce(refusedWith(answer)).mockResolvedValueOnce('donation');
    const solve = vi.fn().mockResolvedValue('token-1');
    await expect(withCardChallenge(request({ method: 'card', card_token: 'tok' }), send, solve)).resolves.toBe('donation');
    expect(solve).toHaveBeenCalledWith(answer);
    expect(send.mock.calls[1]?.[0].payment).toEqual({ method: 'card', card_token: 'tok', challenge_token: 'token-1' });
  });

  it('gives the refusal back when the donor closes the challenge, and passes other refusals through', async () => {
    const refusal = refusedWith(answer);
    await expect(
      withCardChallenge(
        request({ method: 'card', card_token: 'tok' }),
        () => Promise.reject(refusal),
        async () => null,
      ),
    ).rejects.toBe(refusal);
    const slowed = refusedWith({ code: 'payment.card_slowed', message: 'Aguarde' }, 429);
    const solve = vi.fn();
    await expect(withCardChallenge(request({ method: 'card', card_token: 'tok' }), () => Promise.reject(slowed), solve)).rejects.toBe(
      slowed,
    );
    expect(solve).not.toHaveBeenCalled();
  });
});
