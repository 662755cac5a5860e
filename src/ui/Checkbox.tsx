import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy } from './describedBy';
import { FieldMeta } from './FieldMeta';
import * as s from './field.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, hint, error, id, className, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? `check-${autoId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={s.choice}>
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          className={s.choiceInput}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
          {...rest}
        />
        <span>{label}</span>
      </label>
      <FieldMeta hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
});
