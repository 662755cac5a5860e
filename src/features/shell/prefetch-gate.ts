/**
 * When speculative prefetch may run (issue 10): never on a data-saver or slow connection, where the
 * extra files (about 37, 214 KB) would compete with what the visitor asked for, and only in idle time.
 */

/** The part of the Network Information API we read (Chromium-based browsers; absent elsewhere). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

/** Without the API (Firefox, Safari) nothing says the connection is slow: prefetch is allowed. */
export function prefetchAllowed(connection: ConnectionHints | undefined = currentConnection()): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType && SLOW_CONNECTIONS.has(connection.effectiveType));
}

function currentConnection(): ConnectionHints | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/** At most this long a prefetch waits for an idle moment: a page that is never idle still prefetches. */
export const IDLE_TIMEOUT_MS = 1000;

/**
 * Runs `run` in the browser's next idle period (requestIdleCallback; a short setTimeout where it is
 * missing, as in Safari), if prefetch is still allowed then: the connection may have changed.
 * Returns a cancel function.
 */
export function whenIdleAndAllowed(run: () => void): () => void {
  const go = () => {
    if (prefetchAllowed()) run();
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(go, 50);
  return () => window.clearTimeout(timer);
}
