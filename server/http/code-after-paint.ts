import { createHash } from 'node:crypto';
import { scriptSafeJson } from './first-screen';

/**
 * On a page whose first screen the HTML paints by itself (`/` and `/{slug}`), the app's code is asked
 * for only once that screen has painted. Fetched and compiled alongside the first layout, the entry
 * and its ~130 KB of chunks took the two cores that layout needed: traced unthrottled on localhost,
 * the first Layout ran 206 ms instead of ~40, and the first contentful paint came at 630 ms instead of
 * ~250 (docs/web-app.md). Nothing on that screen needs code to be read; links work as links.
 */

export const CODE_LIST_ID = 'semear-code';

/**
 * Reads the list (the entry first, then the chunks to preload) and adds them once the first contentful
 * paint is reported: a first paint alone may be a blank page, the HTML parsed only to its head. Right
 * away where the browser does not report paints; after 3 s at the latest (a tab opened in the
 * background paints nothing until it is shown: its code comes meanwhile). Constant text: the
 * Content-Security-Policy allows it by its hash (BOOT_SCRIPT_HASH).
 */
export const BOOT_SCRIPT =
  "(function(){var d=document,w=window,l=d.getElementById('" +
  CODE_LIST_ID +
  "'),done=0;if(!l)return;function go(){if(done)return;done=1;var u=JSON.parse(l.textContent);" +
  "u.slice(1).forEach(function(h){var p=d.createElement('link');p.rel='modulepreload';p.crossOrigin='';p.href=h;d.head.appendChild(p)});" +
  "var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=u[0];d.head.appendChild(s)}" +
  "var P=w.PerformanceObserver;if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0)return go();" +
  "new P(function(list){list.getEntries().forEach(function(e){if(e.name==='first-contentful-paint')setTimeout(go,0)})}).observe({type:'paint',buffered:true});" +
  'setTimeout(go,3000)})()';

export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*\/?>/g;

/**
 * The page with its entry script and module preloads taken out of the head and asked for by the boot
 * script at the end of the body, in the same order. A page without an entry script is left as it is.
 */
export function withCodeAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry?.[1]) return html;
  const preloads: string[] = [];
  const rest = html.replace(ENTRY_SCRIPT, '').replace(PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  const tail = `<script type="application/json" id="${CODE_LIST_ID}">${scriptSafeJson([entry[1], ...preloads])}</script>\n    <script>${BOOT_SCRIPT}</script>\n  </body>`;
  return rest.replace(/\s*<\/body>/, () => `\n    ${tail}`);
}
