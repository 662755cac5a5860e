/**
 * Runs `run` once the page has finished loading and then stayed quiet for a moment: for speculative
 * work (link prefetch, the cross-tab channel) that must not compete with what the first screen needs.
 * Returns a cancel function.
 */
export const SETTLE_DELAY_MS = 1500;

export function whenPageSettled(run: () => void, delayMs = SETTLE_DELAY_MS): () => void {
  if (typeof window === 'undefined') return () => {};
  let cancelled = false;
  let timer: number | undefined;
  let idle: number | undefined;
  const schedule = () => {
    timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => !cancelled && run(), { timeout: 2000 });
      else if (!cancelled) run();
    }, delayMs);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (timer !== undefined) window.clearTimeout(timer);
    if (idle !== undefined && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
  };
}
