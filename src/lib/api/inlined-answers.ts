import { INLINED_ANSWERS_ID, type InlinedAnswer } from '../../../contracts/first-screen';

/**
 * The public reads the server answered inside the first page's HTML (server/http/first-screen.ts),
 * keyed by the exact URL this client asks for: each is used once, by the first load that asks for
 * it, so the first screen costs no extra round trip; every later read goes to the network.
 * (Kept this small on purpose: it runs on the home page, within its JS budget.)
 */
const answers: Record<string, InlinedAnswer | undefined> = {};

/**
 * The inlined answer to this GET, once; undefined when there is none (left). The server answers in the
 * interface's default language (it cannot see the one a visitor chose, kept in the browser): answers
 * in another language than `locale` are not used.
 */
export function takeInlinedAnswer(url: string, locale: string): InlinedAnswer | undefined {
  const element = globalThis.document?.getElementById(INLINED_ANSWERS_ID);
  if (element?.dataset.locale === locale) {
    // The server wrote it (script-safe JSON): a page without it simply asks the API.
    Object.assign(answers, JSON.parse(element.textContent || '{}'));
  }
  element?.remove();
  const answer = answers[url];
  answers[url] = undefined;
  return answer;
}
