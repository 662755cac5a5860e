import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { MAIN_ID } from './SkipLink';

/**
 * After a client-side route change, moves keyboard and screen-reader focus to the new page's main
 * content (like a full page load would), unless the page already focused something inside it
 * (e.g. a form field). Renders nothing.
 */
export function FocusOnNavigate() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (!event.pathChanged || !event.fromLocation) return;
        const main = document.getElementById(MAIN_ID);
        if (!main || main.contains(document.activeElement)) return;
        main.focus({ preventScroll: true });
      }),
    [router],
  );
  return null;
}
