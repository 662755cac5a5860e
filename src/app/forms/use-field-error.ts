import { useLingui } from '@lingui/react';

/**
 * Zod issue messages are catalog ids (contracts/messages.ts); this turns a react-hook-form field
 * error into the text of the current language.
 */
export function useFieldError(): (error: { message?: string } | undefined) => string | undefined {
  const { i18n } = useLingui();
  return (error) => (error?.message ? i18n._(error.message) : undefined);
}
