import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedBy } from './describedBy';
import { FieldMeta } from './FieldMeta';
import * as s from './field.css';
import { visuallyHidden as visuallyHiddenClass } from './a11y.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Text of an empty first option (value ''), e.g. "Selecione". */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** Hides the label visually (still read by screen readers). */
  hideLabel?: boolean;
}

/** Native select with label, hint and error; forwards its ref for react-hook-form. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, options, placeholder, hint, error, id, className, required, hideLabel = false, ...rest },
  ref,
) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className={hideLabel ? visuallyHiddenClass : s.label}>
        {label}
        {required ? <span className={s.requiredMark} aria-hidden="true">*</span> : null}
      </label>
      <select
        ref={ref}
        id={selectId}
        className={s.control}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMeta hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
});
