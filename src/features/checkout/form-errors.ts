import type { FieldErrors, FieldValues, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form result from a contract schema's issues, for flat forms: each issue lands on
 * `prefix + its first path segment`; messages stay catalog ids (the view translates them).
 */
export function resolveWith<T extends FieldValues>(values: T, issues: readonly z.core.$ZodIssue[], rename: (field: string) => string = (f) => f): ResolverResult<T> {
  if (issues.length === 0) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const field = rename(String(issue.path[0] ?? 'root'));
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<T> };
}
