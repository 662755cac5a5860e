import { describe, expect, it, vi } from 'vitest';
import { prefetchableHref, watchLinksForPrefetch } from '../../../src/features/shell/prefetch';

const anchor = (href: string, attrs: Record<string, string> = {}) => {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  return a;
};

describe('link prefetch near the viewport', () => {
  it('only prefetches links into the app', () => {
    const origin = 'http://localhost:3000';
    expect(prefetchableHref(anchor('/help'), origin)).toBe('/help');
    expect(prefetchableHref(anchor('/search?q=fome#x'), origin)).toBe('/search?q=fome');
    expect(prefetchableHref(anchor('https://evil.example/x'), origin)).toBeNull();
    expect(prefetchableHref(anchor('/api/v1/health'), origin)).toBeNull();
    expect(prefetchableHref(anchor('/recibo.pdf', { download: '' }), origin)).toBeNull();
    expect(prefetchableHref(anchor('/help', { target: '_blank' }), origin)).toBeNull();
    expect(prefetchableHref(anchor('/help', { 'data-no-prefetch': '' }), origin)).toBeNull();
  });

  it('watches links with a 200 px margin and preloads each once when it comes near', () => {
    const observed: Element[] = [];
    let callback: IntersectionObserverCallback = () => {};
    let options: IntersectionObserverInit | undefined;
    class FakeObserver {
      constructor(cb: IntersectionObserverCallback, init?: IntersectionObserverInit) {
        callback = cb;
        options = init;
      }
      observe = (el: Element) => observed.push(el);
      unobserve = vi.fn();
      disconnect = vi.fn();
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const root = document.createElement('div');
    root.append(anchor('/help'), anchor('/about'), anchor('/help'));
    document.body.append(root);
    const preload = vi.fn();
    const stop = watchLinksForPrefetch(root, preload);
    expect(options?.rootMargin).toBe('200px');
    expect(observed).toHaveLength(3);
    const entry = (target: Element, isIntersecting: boolean) => ({ target, isIntersecting }) as IntersectionObserverEntry;
    callback([entry(observed[0]!, false)], {} as IntersectionObserver);
    expect(preload).not.toHaveBeenCalled();
    callback([entry(observed[0]!, true), entry(observed[2]!, true)], {} as IntersectionObserver);
    expect(preload).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledWith('/help');
    stop();
    root.remove();
    vi.unstubAllGlobals();
  });
});
