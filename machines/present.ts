/**
 * A value a state is only ever entered with (the change being confirmed, the page loaded). Its absence
 * is a bug in the machine, said loudly instead of hidden by a cast.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`machine invariant: ${what} is missing`);
  return value;
}
