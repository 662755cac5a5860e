import { useEffect, useRef } from 'react';

/**
 * The ref for a step's title: a new step moves the focus to it, so a screen reader says where the
 * buyer is now (not on the first step, where the page's own title is read).
 */
export function useStepHeading(step: string | null) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) firstStep.current = false;
    else heading.current?.focus();
  }, [step]);
  return heading;
}
