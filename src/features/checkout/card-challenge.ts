import { i18n } from '@lingui/core';
import { cardChallengeAnswerSchema, type CardChallengeAnswer, type DonationRequestInput } from '../../../contracts';
import { givingMessages as gm } from '../../../contracts/giving-messages';

/**
 * Card testing cut off (docs/payments.md, "Card testing"): a campaign under attack answers a new card with 403
 * payment.challenge_required and the provider's widget to show. This shows it in a modal dialog (the provider's
 * script loads only then, from the origin the server named), and sends the card again with its token. The
 * slowed-down answer (429 payment.card_slowed) needs nothing here: its translated message is the failure shown.
 */

type ChallengeWidgets = {
  render(container: HTMLElement, options: { sitekey: string; callback(token: string): void; 'expired-callback'?(): void }): unknown;
};
declare global {
  interface Window {
    turnstile?: ChallengeWidgets;
    hcaptcha?: ChallengeWidgets;
  }
}

/** The challenge a refused donation call asks for (the body kept by axios on the error's cause), or null. */
export function cardChallengeOf(error: unknown): CardChallengeAnswer | null {
  const cause = (error as { cause?: { response?: { data?: unknown } } } | null)?.cause;
  const parsed = cardChallengeAnswerSchema.safeParse(cause?.response?.data);
  return parsed.success ? parsed.data : null;
}

const loading = new Map<string, Promise<void>>();
function loadScript(url: string): Promise<void> {
  const known = loading.get(url);
  if (known) return known;
  const loaded = new Promise<void>((resolve, reject) => {
    const script = Object.assign(document.createElement('script'), { src: url, async: true, onload: () => resolve(), onerror: reject });
    document.head.append(script);
  });
  loading.set(url, loaded);
  return loaded;
}

/** Shows the provider's widget in a modal dialog; resolves with its token, or null when the donor closes it. */
export async function solveCardChallenge(answer: CardChallengeAnswer): Promise<string | null> {
  const { provider, site_key: sitekey, script_url: scriptUrl } = answer.challenge;
  await loadScript(scriptUrl);
  const widgets = provider === 'turnstile' ? window.turnstile : window.hcaptcha;
  if (!widgets) return null;
  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-labelledby', 'card-challenge-text');
  const text = Object.assign(document.createElement('p'), { id: 'card-challenge-text', textContent: answer.message });
  const container = document.createElement('div');
  const cancel = Object.assign(document.createElement('button'), { type: 'button', textContent: i18n._(gm.cardChallengeCancel) });
  dialog.append(text, container, cancel);
  document.body.append(dialog);
  dialog.showModal();
  try {
    return await new Promise<string | null>((resolve) => {
      cancel.addEventListener('click', () => resolve(null));
      dialog.addEventListener('cancel', () => resolve(null));
      widgets.render(container, { sitekey, callback: resolve });
    });
  } finally {
    dialog.close();
    dialog.remove();
  }
}

/** A donation call that, when the campaign asks for a challenge, shows it and sends the card again with its token. */
export async function withCardChallenge<T>(
  request: DonationRequestInput,
  send: (request: DonationRequestInput) => Promise<T>,
  solve: (answer: CardChallengeAnswer) => Promise<string | null> = solveCardChallenge,
): Promise<T> {
  try {
    return await send(request);
  } catch (error) {
    const challenge = request.payment.method === 'card' ? cardChallengeOf(error) : null;
    const token = challenge ? await solve(challenge) : null;
    if (!token || request.payment.method !== 'card') throw error;
    // A refused token is asked for again, as many times as the donor keeps solving.
    return withCardChallenge({ ...request, payment: { ...request.payment, challenge_token: token } }, send, solve);
  }
}
