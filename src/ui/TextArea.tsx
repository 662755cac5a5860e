import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { controlProps, FieldFrame, useFieldIds, type FieldChrome } from './FieldFrame';
import * as s from './field.css';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>, FieldChrome {}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hint, error, id, className, required, ...rest },
  ref,
) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={required} className={className}>
      <textarea ref={ref} className={`${s.control} ${s.textarea}`} required={required} {...controlProps(ids, { hint, error })} {...rest} />
    </FieldFrame>
  );
});
