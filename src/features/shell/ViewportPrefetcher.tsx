import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { whenPageSettled } from '../../lib/settled';
import { watchLinksForPrefetch } from './prefetch';

/** Mount once: preloads the route code and data of links within 200 px of the viewport. */
export function ViewportPrefetcher() {
  const router = useRouter();
  useEffect(() => {
    let stopWatching = () => {};
    // Prefetch is speculative: it starts once the first screen has loaded and the page is quiet.
    const cancel = whenPageSettled(() => {
      stopWatching = watchLinksForPrefetch(document.body, (href) => {
        if (href === router.state.location.href) return;
        // `href` is resolved by the router like a link's (path + search); the typed API wants `to`.
        router.preloadRoute({ href } as unknown as Parameters<typeof router.preloadRoute>[0]).catch(() => {
          // A failed preload is retried by the real navigation.
        });
      });
    });
    return () => {
      cancel();
      stopWatching();
    };
  }, [router]);
  return null;
}
