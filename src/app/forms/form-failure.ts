import { authMessages, messages, type MessageDescriptor } from '../../../contracts';
import { normalizeApiError } from '../../lib/http/api-error';

import type { FormFailure } from '../../../machines/forms/form-failure';

export type { FormFailure };

export function toFormFailure(error: unknown): FormFailure {
  const { status, code, messages: list } = normalizeApiError(error);
  return { status, code, messages: list };
}

/** Codes whose wording we own: shown in the interface language rather than the server's text. */
const byCode: Record<string, MessageDescriptor> = {
  'auth.invalid_credentials': messages.invalidCredentials,
  'auth.account_locked': authMessages.accountLocked,
  'auth.user_inactive': messages.userInactive,
  'user.email_taken': messages.emailTaken,
  'reset.invalid': messages.resetInvalid,
  'sign_up.invalid': authMessages.signUpInvalid,
  rate_limited: messages.rateLimited,
};

/**
 * Texts to show for a failure; `translate` is the view's `i18n._`. Server sentences pass through
 * it unchanged (they are not catalog ids), while ids such as 'error.unknown' get translated.
 */
export function failureTexts(failure: FormFailure, translate: (id: string) => string): string[] {
  const known = failure.code ? byCode[failure.code] : undefined;
  if (known) return [translate(known.id)];
  if (failure.messages.length > 0) return failure.messages.map((text) => translate(text));
  return [translate(messages.unknownError.id)];
}
