import type { ErrorCode } from '../../contracts/errors';
import type { MessageDescriptor } from '../../contracts/messages';

/**
 * What went wrong, in the domain's words. Services throw these and know nothing of HTTP;
 * `plugins/error-handler.ts` answers each kind with its status and the translated messages.
 */
export type DomainErrorKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'refused' | 'gone' | 'unavailable' | 'limited';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: ErrorCode,
    /** A list stays a list in the answer (validation); a single message stays a string. */
    readonly messages: MessageDescriptor | readonly MessageDescriptor[],
    /** More of the answer's body, beside message and code (a sign-in's second-factor challenge). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(Array.isArray(messages) ? messages.map((d) => d.id).join(', ') : (messages as MessageDescriptor).id);
  }
}

type Messages = DomainError['messages'];

/** The request's data breaks a rule the schema cannot say (a common password, a page view from the future). */
export const invalid = (code: ErrorCode, messages: Messages) => new DomainError('invalid', code, messages);
/** Only a signed-in caller may do this. */
export const unauthenticated = (code: ErrorCode, messages: Messages) => new DomainError('unauthenticated', code, messages);
/** The caller is known and may not do this. */
export const forbidden = (code: ErrorCode, messages: Messages) => new DomainError('forbidden', code, messages);
/** The thing asked for does not exist, or is not the caller's to see. */
export const notFound = (code: ErrorCode, messages: Messages) => new DomainError('not_found', code, messages);
/** The thing exists in a state that forbids this (already open, key reused, still in progress). */
export const conflict = (code: ErrorCode, messages: Messages) => new DomainError('conflict', code, messages);
/** Understood and refused by a business rule (not enough balance, campaign not accepting). */
export const refused = (code: ErrorCode, messages: Messages) => new DomainError('refused', code, messages);
/** It was here and is no more, on purpose (an export past its download window). */
export const gone = (code: ErrorCode, messages: Messages) => new DomainError('gone', code, messages);
/** Not now: the server is busy with others' work of the same kind; the same request can come back shortly. */
export const unavailable = (code: ErrorCode, messages: Messages) => new DomainError('unavailable', code, messages);
/** Too many tries of this from anyone: refused for a while whoever asks (a sign-in locked after many wrong passwords). */
export const limited = (code: ErrorCode, messages: Messages) => new DomainError('limited', code, messages);
