import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy } from './describedBy';
import { FieldMeta } from './FieldMeta';
import * as s from './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  /** A translated message; sets aria-invalid and is linked by aria-describedby. */
  error?: ReactNode;
}

/** Labelled text input; forwards its ref so `{...register('email')}` works. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, className, required, type = 'text', ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={s.label}>
        {label}
        {required ? <span className={s.requiredMark} aria-hidden="true">*</span> : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        type={type}
        className={s.control}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
        {...rest}
      />
      <FieldMeta hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
});
