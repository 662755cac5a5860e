import { forwardRef, useEffect, useEffectEvent, useState } from 'react';
import { useLingui } from '@lingui/react';
import { TextField, type TextFieldProps } from './TextField';
import { dateTextToIso, isoToDateText, maskDateText } from './date-text';

// No Lingui macro in src/ui (see Dialog.tsx); the marker lets `lingui extract` collect the hint.
const formatHint = /*i18n*/ { id: 'ui.date_field.placeholder', message: 'dd/mm/aaaa' };

export interface DateFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** An ISO calendar date, null when empty, or the half-typed text while the person types. */
  value: string | null | undefined;
  onChange(value: string | null): void;
}

/** A date typed as dd/mm/aaaa and handed to the form as YYYY-MM-DD (use with react-hook-form's Controller). */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField({ value, onChange, ...rest }, ref) {
  const { i18n } = useLingui();
  const [text, setText] = useState(() => isoToDateText(value));
  // Follow changes made outside (a form reset), but not the echo of what was just typed: only a
  // change of `value` runs this, reading the text as it is then.
  const follow = useEffectEvent((next: string | null | undefined) => {
    if (dateTextToIso(text) !== (next ?? null)) setText(isoToDateText(next));
  });
  useEffect(() => follow(value), [value]);
  return (
    <TextField
      {...rest}
      ref={ref}
      inputMode="numeric"
      placeholder={i18n._(formatHint)}
      maxLength={10}
      value={text}
      onChange={(event) => {
        const next = maskDateText(event.target.value);
        setText(next);
        onChange(dateTextToIso(next));
      }}
    />
  );
});
