import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { controlProps, FieldFrame, useFieldIds } from './FieldFrame';
import * as s from './field.css';

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
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={required} hideLabel={hideLabel} className={className}>
      <select ref={ref} className={s.control} required={required} {...controlProps(ids, { hint, error })} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});
