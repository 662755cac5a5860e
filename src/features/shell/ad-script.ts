/**
 * The advertising script (docs/spec.md §1): its URL comes from `<meta name="semear:ad-script" content="…">`,
 * which the server injects when AD_SCRIPT_URL is configured. Added with `async` after the first
 * render, so it never blocks the page; only http(s) URLs are accepted, once.
 * Loaded only when the page has the meta tag (RootLayout), so pages without ads never fetch this code.
 */
import { AD_SCRIPT_META } from '../../../contracts/constants';

export function adScriptUrl(doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${AD_SCRIPT_META}"]`)?.content?.trim();
  if (!content) return null;
  try {
    const url = new URL(content, doc.baseURI);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function loadAdScript(doc: Document = document): HTMLScriptElement | null {
  const src = adScriptUrl(doc);
  if (!src || doc.querySelector('script[data-semear-ad]')) return null;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.semearAd = '';
  doc.head.appendChild(script);
  return script;
}
