import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy } from './describedBy';
import { FieldMeta } from './FieldMeta';
import * as s from './field.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children' | 'value'> {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption[];
  hint?: ReactNode;
  error?: ReactNode;
  /** Controlled value; leave undefined when using react-hook-form's register. */
  value?: string;
}

/**
 * A fieldset of radio buttons. Works controlled (`value` + `onChange`) or with react-hook-form:
 * `<RadioGroup legend=… options=… {...register('person_type')} />` — the ref goes to every input.
 */
export const RadioGroup = forwardRef<HTMLInputElement, RadioGroupProps>(function RadioGroup(
  { legend, name, options, hint, error, className, value, id, ...rest },
  ref,
) {
  const autoId = useId();
  const groupId = id ?? `radio-${autoId}`;
  const hintId = `${groupId}-hint`;
  const errorId = `${groupId}-error`;
  return (
    <fieldset
      id={groupId}
      className={[s.fieldset, className].filter(Boolean).join(' ')}
      aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
      aria-invalid={error ? true : undefined}
    >
      <legend className={s.legend}>{legend}</legend>
      <div className={s.choices}>
        {options.map((o) => {
          const optionId = `${groupId}-${o.value}`;
          return (
            <label key={o.value} htmlFor={optionId} className={s.choice}>
              <input
                ref={ref}
                id={optionId}
                type="radio"
                name={name}
                value={o.value}
                className={s.choiceInput}
                disabled={o.disabled}
                {...(value !== undefined ? { checked: value === o.value } : {})}
                {...rest}
              />
              <span>{o.label}</span>
            </label>
          );
        })}
      </div>
      <FieldMeta hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </fieldset>
  );
});
