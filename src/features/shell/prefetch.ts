import { PREFETCH_MARGIN_PX } from '../../../contracts';

/**
 * Prefetches a link's route when the link comes within 200 px of the viewport (docs/spec.md §2).
 * TanStack's own `preload: 'viewport'` uses a fixed 100 px margin, so the app watches every
 * same-origin <a> itself: one IntersectionObserver (rootMargin 200px) plus a MutationObserver for
 * links rendered later. Each href is preloaded once.
 */
export function watchLinksForPrefetch(root: HTMLElement, preload: (href: string) => void): () => void {
  if (typeof IntersectionObserver !== 'function' || typeof MutationObserver !== 'function') return () => {};
  const done = new Set<string>();
  const watched = new WeakSet<Element>();
  const hrefOf = (anchor: HTMLAnchorElement): string | null => prefetchableHref(anchor, location.origin);

  const io = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        io.unobserve(entry.target);
        const href = hrefOf(entry.target as HTMLAnchorElement);
        if (href && !done.has(href)) {
          done.add(href);
          preload(href);
        }
      }
    },
    { rootMargin: `${PREFETCH_MARGIN_PX}px` },
  );

  const scan = (node: ParentNode) => {
    node.querySelectorAll?.('a[href]').forEach((a) => {
      if (watched.has(a)) return;
      watched.add(a);
      io.observe(a);
    });
  };
  scan(root);
  const mo = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((n) => {
        if (n instanceof HTMLAnchorElement && !watched.has(n)) {
          watched.add(n);
          io.observe(n);
        } else if (n instanceof Element) scan(n);
      });
    }
  });
  mo.observe(root, { childList: true, subtree: true });
  return () => {
    mo.disconnect();
    io.disconnect();
  };
}

/** The path a link would load in the app, or null (other sites, downloads, new tabs, the API). */
export function prefetchableHref(anchor: HTMLAnchorElement, origin: string): string | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.dataset.noPrefetch !== undefined) return null;
  let url: URL;
  try {
    url = new URL(anchor.getAttribute('href') ?? '', origin + '/');
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}`;
}
