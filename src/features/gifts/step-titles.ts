/**
 * A definition's step titles numbered in the order the steps come for this order ("1. O cartão",
 * "2. Envio", "3. Revisão" for cards to print): a step this order skips leaves no gap. A step not in
 * `steps` keeps its bare name.
 */
export function numberedTitles<Step extends string>(steps: readonly Step[], names: Record<Step, string>): Record<Step, string> {
  const titles = { ...names };
  steps.forEach((step, index) => {
    titles[step] = `${index + 1}. ${names[step]}`;
  });
  return titles;
}
