import { forwardRef, type FormHTMLAttributes, type HTMLAttributes, type ReactNode } from 'react';
import * as s from './form.css';

/** A vertical form; browser validation is off because zod + react-hook-form validate. */
export const Form = forwardRef<HTMLFormElement, FormHTMLAttributes<HTMLFormElement>>(function Form({ className, ...rest }, ref) {
  return <form ref={ref} noValidate className={[s.form, className].filter(Boolean).join(' ')} {...rest} />;
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
