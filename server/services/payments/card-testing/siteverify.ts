import { z } from 'zod';
import type { CardChallengeConfig } from '../../../config-card-testing';

/** The documented answer of Turnstile's and hCaptcha's siteverify (both keep the same fields we read). */
const siteverifyAnswer = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
  hostname: z.string().optional(),
});

export type ChallengeVerdict = { passed: true } | { passed: false; reasons: string[] };

const VERIFY_TIMEOUT_MS = 5000;

/**
 * Asks the challenge provider whether a widget's token is good (Turnstile's and hCaptcha's "siteverify"):
 * a form-encoded POST of `secret`, `response` and `remoteip` (and hCaptcha's `sitekey`, which makes it refuse
 * a token of another site). A token passes only when the provider says `success` for our own host name; a
 * provider that does not answer fails it: a guarded campaign stays closed to cards rather than open.
 */
export async function verifyChallengeToken(
  challenge: CardChallengeConfig,
  input: { token: string; remoteIp: string | null; expectedHostname: string },
  fetchFn: typeof fetch = fetch,
): Promise<ChallengeVerdict> {
  const form = new URLSearchParams({ secret: challenge.secret, response: input.token });
  if (input.remoteIp) form.set('remoteip', input.remoteIp);
  if (challenge.provider === 'hcaptcha') form.set('sitekey', challenge.siteKey);
  let answer: z.infer<typeof siteverifyAnswer>;
  try {
    const response = await fetchFn(challenge.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    const parsed = siteverifyAnswer.safeParse(await response.json());
    if (!parsed.success) return { passed: false, reasons: [`unreadable answer (HTTP ${response.status})`] };
    answer = parsed.data;
  } catch (error) {
    return { passed: false, reasons: [`no answer: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (!answer.success) return { passed: false, reasons: answer['error-codes'] ?? [] };
  // Both providers tell which site the widget was solved on; a token solved elsewhere is not ours.
  if (answer.hostname !== undefined && answer.hostname !== input.expectedHostname)
    return { passed: false, reasons: [`hostname ${answer.hostname}`] };
  return { passed: true };
}
