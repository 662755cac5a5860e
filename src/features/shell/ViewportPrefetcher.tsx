import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { whenPageSettled } from '../../lib/settled';
import { watchLinksForPrefetch } from './prefetch';
import { prefetchAllowed, whenIdleAndAllowed } from './prefetch-gate';

/** Mount once: preloads the route code and data of links within 200 px of the viewport. */
export function ViewportPrefetcher() {
  const router = useRouter();
  useEffect(() => {
    let stopWatching = () => {};
    const pending = new Set<() => void>();
    // Prefetch is speculative: it starts once the first screen has loaded and the page is quiet, each
    // preload waits for idle time, and none runs on a data-saver or slow connection.
    const cancel = whenPageSettled(() => {
      if (!prefetchAllowed()) return;
      stopWatching = watchLinksForPrefetch(document.body, (href) => {
        const cancelIdle = whenIdleAndAllowed(() => {
          pending.delete(cancelIdle);
          if (href === router.state.location.href) return;
          // `href` is resolved by the router like a link's (path + search); the typed API wants `to`.
          router.preloadRoute({ href } as unknown as Parameters<typeof router.preloadRoute>[0]).catch(() => {
            // A failed preload is retried by the real navigation.
          });
        });
        pending.add(cancelIdle);
      });
    });
    return () => {
      cancel();
      stopWatching();
      pending.forEach((cancelIdle) => cancelIdle());
    };
  }, [router]);
  return null;
}
