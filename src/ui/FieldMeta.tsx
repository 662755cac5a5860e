import type { ReactNode } from 'react';
import * as s from './field.css';

/** Hint and error lines under a field; the error is announced when it appears. */
export function FieldMeta({ hintId, hint, errorId, error }: { hintId: string; hint?: ReactNode; errorId: string; error?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={s.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
