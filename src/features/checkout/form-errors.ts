import { useEffect, useEffectEvent } from 'react';
import type { FieldErrors, FieldValues, Path, ResolverResult, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form result from a contract schema's issues, for flat forms: each issue lands on
 * `prefix + its first path segment`; messages stay catalog ids (the view translates them).
 */
export function resolveWith<T extends FieldValues>(
  values: T,
  issues: readonly z.core.$ZodIssue[],
  rename: (field: string) => string = (f) => f,
): ResolverResult<T> {
  if (issues.length === 0) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const field = rename(String(issue.path[0] ?? 'root'));
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<T> };
}

/**
 * Puts the fields a refused request named (the machine's `failure.fields`, by form field name) on
 * the form, so each gets aria-invalid and its message; the first one takes the focus. A name the
 * form does not have lands on `fallback` (e.g. the payment's method).
 */
export function useRefusedFields<T extends FieldValues>(
  setError: UseFormSetError<T>,
  refused: Record<string, string> | undefined,
  known: readonly string[],
  fallback?: string,
): void {
  const signature = JSON.stringify(refused ?? {});
  // `known` and `fallback` are constants of each form: only a new refusal puts errors on it.
  const fieldOf = useEffectEvent((name: string) => (known.includes(name) ? name : fallback));
  useEffect(() => {
    const entries = Object.entries(JSON.parse(signature) as Record<string, string>);
    let first = true;
    for (const [name, message] of entries) {
      const field = fieldOf(name);
      if (!field) continue;
      setError(field as Path<T>, { type: 'refused', message }, { shouldFocus: first });
      first = false;
    }
  }, [signature, setError]);
}
