import { useId, type ReactNode } from 'react';
import { describedBy } from './describedBy';
import { FieldMeta } from './FieldMeta';
import { visuallyHidden } from './a11y.css';
import * as s from './field.css';

/** What every labelled control shows around itself. */
export interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  /** A translated message; sets aria-invalid and is linked by aria-describedby. */
  error?: ReactNode;
}

export interface FieldIds {
  controlId: string;
  hintId: string;
  errorId: string;
}

export function useFieldIds(id?: string): FieldIds {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

/** The accessibility attributes of the control: its id, invalid state and the texts that describe it. */
export function controlProps(ids: FieldIds, { hint, error }: Pick<FieldChrome, 'hint' | 'error'>) {
  return {
    id: ids.controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint ? ids.hintId : undefined, error ? ids.errorId : undefined),
  } as const;
}

/** Label above, hint and error below: the frame shared by text fields, text areas and selects. */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  required,
  hideLabel = false,
  className,
  children,
}: FieldChrome & { ids: FieldIds; required?: boolean; hideLabel?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.controlId} className={hideLabel ? visuallyHidden : s.label}>
        {label}
        {required ? (
          <span className={s.requiredMark} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      <FieldMeta hintId={ids.hintId} hint={hint} errorId={ids.errorId} error={error} />
    </div>
  );
}
