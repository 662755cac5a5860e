import { messages } from '../../contracts';

/** What a failed submission leaves for the view: the server's code and messages. */
export interface FormFailure {
  /** 0 when the server could not be reached. */
  status: number;
  code?: string;
  /** Translated by the server (Accept-Language), or message ids such as 'error.unknown'. */
  messages: string[];
}

/**
 * What an actor's rejection tells a form, read defensively: the app's API client rejects with
 * { status, code, messages }, and anything else (a network failure never normalised) is unknown.
 */
export function formFailureOf(error: unknown): FormFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; code?: unknown; messages?: unknown };
  const list = Array.isArray(e.messages) ? e.messages.filter((m): m is string => typeof m === 'string') : [];
  return {
    status: typeof e.status === 'number' ? e.status : 0,
    code: typeof e.code === 'string' ? e.code : undefined,
    messages: list.length > 0 ? list : [messages.unknownError.id],
  };
}

/** A rejection the API client marked 404: what was asked for does not exist (or no longer does). */
export const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
