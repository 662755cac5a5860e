/** What the personal and corporate gift-card definitions (their machines) say of a refused step. */

/** A refused field: its path ('value', 'recipients.1.email', '' for a whole list) and the message id. */
export interface DefinitionIssue {
  path: string;
  message: string;
}

/** A schema's refusal as the steps show it, field by field. */
export const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }): DefinitionIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

export type Checked<T> = { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * A check of what an event carries, made once per event however many guards and actions of its
 * transitions ask (the guard choosing the step, then the action keeping the value or the issues).
 */
export function oncePerEvent<E extends object, T>(check: (event: E) => Checked<T>): (event: E) => Checked<T> {
  const seen = new WeakMap<E, Checked<T>>();
  return (event) => {
    const known = seen.get(event);
    if (known) return known;
    const result = check(event);
    seen.set(event, result);
    return result;
  };
}
