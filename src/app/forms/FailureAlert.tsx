import { useLingui } from '@lingui/react';
import { FormError } from '../../ui';
import { failureTexts, type FormFailure } from './form-failure';

/** The inline side of docs/spec.md §8 (the toast is the other): what went wrong, next to the form. */
export function FailureAlert({ failure }: { failure: FormFailure | null }) {
  const { i18n } = useLingui();
  if (!failure) return null;
  const texts = failureTexts(failure, (id) => i18n._(id));
  return <FormError>{texts.join(' ')}</FormError>;
}
