import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../http/escape-html';

/** http, https and mailto only. Browsers ignore control characters and spaces in a scheme, so we do too. */
const isSafeHref = (href: string | undefined): boolean =>
  href !== undefined && /^(https?:\/\/|mailto:)/i.test([...href].filter((c) => c.charCodeAt(0) > 0x20).join(''));

/**
 * A campaign's story is rich text written by organisers (and later admins): it is stored and served
 * as HTML, so only a small, harmless vocabulary survives. Links open in a new tab without handing
 * the opener or our ranking to the target.
 */
/** Pictures in a story are ours only: uploaded through the editor (docs/admin.md), never another site's. */
const STORY_IMAGE_SRC = /^\/img\/story-images\/[0-9a-f-]{36}\.webp$/;

const storyOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'loading'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Script and style bodies go with their tags (the default for these); other unknown tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'template'],
  transformTags: {
    // A link without a safe address becomes a span, which is not allowed either: its text stays, the tag goes.
    a: (tagName, attribs): sanitizeHtml.Tag =>
      isSafeHref(attribs.href)
        ? { tagName, attribs: { href: (attribs.href as string).trim(), rel: 'noopener noreferrer nofollow', target: '_blank' } }
        : { tagName: 'span', attribs: {} },
    img: (tagName, attribs): sanitizeHtml.Tag =>
      STORY_IMAGE_SRC.test(attribs.src ?? '')
        ? { tagName, attribs: { src: attribs.src as string, alt: attribs.alt ?? '', loading: 'lazy' } }
        : { tagName: 'span', attribs: {} },
  },
};

/** The story as it may be stored and shown: allowed tags only, safe links, our own pictures, no scripts, styles or handlers. */
export function sanitizeStoryHtml(html: string): string {
  return sanitizeHtml(html, storyOptions).trim();
}

const served = new Map<string, string>();
const SERVED_CACHE_SIZE = 200;

/**
 * The stored story sanitised again before it is served, whatever wrote it. The few stories people are
 * reading are remembered, so a popular campaign's page does not parse its story on every request.
 */
export function servedStoryHtml(stored: string): string {
  const known = served.get(stored);
  if (known !== undefined) return known;
  const clean = sanitizeStoryHtml(stored);
  if (served.size >= SERVED_CACHE_SIZE) served.delete(served.keys().next().value as string);
  served.set(stored, clean);
  return clean;
}

/** Plain text (paragraphs separated by blank lines, single newlines kept as <br>) as story HTML. */
export function storyFromPlainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br />')}</p>`)
    .join('\n');
}
