import { messages } from '../../contracts';
import { rejectionField, rejectionStatus } from '../../contracts/rejection';

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
  const said = rejectionField(error, 'messages');
  const code = rejectionField(error, 'code');
  const list = Array.isArray(said) ? said.filter((m): m is string => typeof m === 'string') : [];
  return {
    status: rejectionStatus(error) ?? 0,
    code: typeof code === 'string' ? code : undefined,
    messages: list.length > 0 ? list : [messages.unknownError.id],
  };
}

/** A rejection the API client marked 404: what was asked for does not exist (or no longer does). */
export const isNotFound = (error: unknown): boolean => rejectionStatus(error) === 404;
