import { forwardRef, type FormHTMLAttributes, type HTMLAttributes, type ReactNode } from 'react';
import * as s from './form.css';

const FIELD = 'input:not([type="hidden"]), select, textarea, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/**
 * After a refused submit, the first field in error takes the focus (not the button that was pressed):
 * the reader hears what to fix and can type it at once. Checked two frames after the submit, once
 * the form's validation or its step machine has marked the fields; nothing moves when the focus is
 * already on a field in error or has gone on (a new step's heading).
 */
function focusFirstInvalid(form: HTMLFormElement, submitter: Element | null): void {
  const active = document.activeElement;
  if (active instanceof Element && active.closest('[aria-invalid="true"]')) return;
  if (active && active !== document.body && active !== submitter && !form.contains(active)) return;
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  // A group in error (a radio group, a fieldset) gives the focus to its first control.
  const target = invalid?.matches(FIELD) ? invalid : invalid?.querySelector<HTMLElement>(FIELD);
  target?.focus();
}

/** A vertical form; browser validation is off because zod + react-hook-form validate. */
export const Form = forwardRef<HTMLFormElement, FormHTMLAttributes<HTMLFormElement>>(function Form({ className, onSubmit, ...rest }, ref) {
  return (
    <form
      ref={ref}
      noValidate
      className={[s.form, className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        const form = event.currentTarget;
        const native = event.nativeEvent;
        const submitter = 'submitter' in native && native.submitter instanceof Element ? native.submitter : null;
        onSubmit?.(event);
        requestAnimationFrame(() => requestAnimationFrame(() => focusFirstInvalid(form, submitter)));
      }}
      {...rest}
    />
  );
});

/** Fields side by side from tablet width up, stacked on phones. */
export function FormRow({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={[s.row, className].filter(Boolean).join(' ')} {...rest} />;
}

/** The buttons at the end of a form. */
export function FormActions({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={[s.actions, className].filter(Boolean).join(' ')} {...rest} />;
}

/** A titled group of fields (fieldset + legend). */
export function FormSection({ title, children, className }: { title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <fieldset className={[s.section, className].filter(Boolean).join(' ')}>
      <legend className={s.sectionTitle}>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A form-level error (e.g. wrong credentials), announced when it appears. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={s.formError}>
      {children}
    </p>
  );
}
