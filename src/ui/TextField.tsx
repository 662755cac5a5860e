import { forwardRef, type InputHTMLAttributes } from 'react';
import { controlProps, FieldFrame, useFieldIds, type FieldChrome } from './FieldFrame';
import * as s from './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>, FieldChrome {}

/** Labelled text input; forwards its ref so `{...register('email')}` works. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, className, required, type = 'text', ...rest },
  ref,
) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={required} className={className}>
      <input ref={ref} type={type} className={s.control} required={required} {...controlProps(ids, { hint, error })} {...rest} />
    </FieldFrame>
  );
});
