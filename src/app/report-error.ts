import { messages } from '../../contracts/messages';
import { i18n } from './i18n/catalogs';
import { toast } from './toast';

/**
 * Where a failure is shown: 'inline' when the view has a place for it (a form's alert, a retry
 * notice: its own role=alert announces it), 'toast' when it has none.
 */
export type ErrorPlace = 'inline' | 'toast';

/**
 * The global error handler (docs/spec.md §8): logs the error and shows each API message as an error
 * toast ('Erro desconhecido.' when the API sent none); anything that is not an API error shows
 * 'Erro desconhecido! Contate o suporte!'. Messages may be catalog ids (translated here) or text.
 * Returns the texts.
 *
 * An error is shown once, where the user is looking (issue 10): with `place` 'inline' the view
 * already says it next to what failed, so it is only logged; a toast too would say it twice (and
 * both are announced). This is the one place that rule lives.
 *
 * It recognises errors by shape instead of importing the HTTP layer (axios stays off the first
 * load): an ApiRequestError (src/lib/http/api-error), a raw axios error, or an API error body.
 */
export function reportError(error: unknown, place: ErrorPlace = 'toast'): string[] {
  console.error(error);
  const texts = messagesOf(error).map((id) => i18n._(id));
  if (place === 'toast') for (const text of texts) toast.error(text);
  return texts;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `{ message: string | string[] }` → the non-empty messages, or undefined when it is not that shape. */
function bodyMessages(body: unknown): string[] | undefined {
  if (!isObject(body)) return undefined;
  const { message } = body;
  const list =
    typeof message === 'string'
      ? [message]
      : Array.isArray(message) && message.every((m) => typeof m === 'string')
        ? (message as string[])
        : undefined;
  if (!list) return undefined;
  const filled = list.filter((m) => m.trim() !== '');
  return filled.length > 0 ? filled : [messages.unknownError.id];
}

/** The untranslated messages (ids or text) an error stands for. */
export function messagesOf(error: unknown): string[] {
  if (error instanceof Error && error.name === 'ApiRequestError' && Array.isArray((error as Error & { messages?: unknown }).messages)) {
    const list = (error as Error & { messages: string[] }).messages;
    return list.length > 0 ? list : [messages.unknownError.id];
  }
  if (isObject(error) && error.isAxiosError === true) {
    const response = isObject(error.response) ? error.response : undefined;
    return bodyMessages(response?.data) ?? [messages.unknownError.id];
  }
  // An API error body passed on as it came ({ message, code? }), not a thrown Error.
  if (!(error instanceof Error)) {
    const list = bodyMessages(error);
    if (list) return list;
  }
  return [messages.unknownErrorContactSupport.id];
}

/** Reports promise rejections nobody handled. Returns a function that removes the listener. */
export function installGlobalErrorHandler(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    reportError(event.reason);
  };
  target.addEventListener('unhandledrejection', onRejection);
  return () => target.removeEventListener('unhandledrejection', onRejection);
}
