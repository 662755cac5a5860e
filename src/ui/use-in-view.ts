import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether `ref`'s element is on screen (any part of it), from one IntersectionObserver: no scroll
 * listener, no layout reads. `null` until the observer first reports, and always without one (old
 * browsers, jsdom), so callers choose what an unknown answer shows.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '0px'): boolean | null {
  const [inView, setInView] = useState<boolean | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setInView(entry.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin]);
  return inView;
}
