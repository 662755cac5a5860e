/**
 * What a state reads back from context that every way into it has set (the card asked for, the job being
 * followed, the review's accepted steps). TypeScript cannot follow a machine's graph, so rather than a
 * cast or a `!`, a missing value fails loudly: it would be a bug in the machine, never a user's doing.
 */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what}: missing`);
  return value;
}
