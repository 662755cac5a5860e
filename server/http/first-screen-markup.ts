import { FIRST_SCREEN_CLASSES as fs, homeHeroMessages, LOCALE_COOKIE } from '../../contracts/first-screen';
import { DEFAULT_LOCALE, type Locale } from '../../contracts/constants';
import { isLocale } from '../i18n/locale';
import type { Translator } from '../i18n/translator';
import { escapeHtml } from './escape-html';

/**
 * What `/` and `/{slug}` paint before any script has run, written by the server into `#root` in place
 * of index.html's generic shape: the header's bar and the page's largest element — the home's hero text
 * in the visitor's language, a campaign's cover — in boxes with the very rules of the React page
 * (FIRST_SCREEN_CLASSES), so the largest paint comes with the HTML and keeps its size when React
 * replaces it with the page itself (src/main.tsx renders once the route has loaded). Hidden from
 * assistive technologies: it lasts until the app's first render.
 */

/** index.html marks the generic shape it paints between these comments. */
export const FIRST_SCREEN_START = '<!-- first-screen -->';
export const FIRST_SCREEN_END = '<!-- /first-screen -->';

// The header's bar and the page's background, as index.html draws them (the shell's colours).
const frame = (content: string) =>
  `<div aria-hidden="true" style="min-height: 100vh; min-height: 100svh; background: #f7f5ef">` +
  `<div class="${fs.header}" style="background: #fff; border-bottom: 1px solid #d5ddd8; display: flex; align-items: center; padding-inline: 16px">` +
  `<span style="font: 700 20px/1 system-ui, sans-serif; color: #187a4f">Semear</span></div>` +
  // The shell's <main> pads its content by 32 px.
  `<div style="padding-block: 32px"><div class="${fs.container}">${content}</div></div></div>`;

export function homeFirstScreen(translator: Translator, locale: Locale): string {
  const title = escapeHtml(translator.translate(locale, homeHeroMessages.title));
  const lead = escapeHtml(translator.translate(locale, homeHeroMessages.lead));
  return frame(
    // The buttons' row and the art's box too: on wide screens the text is centred beside the art.
    `<section class="${fs.hero}"><div><h1 class="${fs.heroTitle}">${title}</h1><p class="${fs.heroLead}">${lead}</p>` +
      `<div class="${fs.heroActions}"><span class="${fs.largeButton}"></span></div></div>` +
      `<div class="${fs.heroArt}"></div></section>`,
  );
}

export interface CoverImage {
  href: string;
  srcset: string | null;
  sizes: string;
}

/** A campaign's cover where the page shows it (same `srcset` and `sizes`: the rendition preloaded). */
export function campaignFirstScreen(cover: CoverImage | null): string {
  if (!cover) return '';
  const responsive = cover.srcset ? ` srcset="${escapeHtml(cover.srcset)}" sizes="${escapeHtml(cover.sizes)}"` : '';
  return frame(
    `<article class="${fs.campaignLayout}"><div class="${fs.campaignHeader}">` +
      `<img class="${fs.cover}" src="${escapeHtml(cover.href)}"${responsive} alt="" width="1280" height="720" fetchpriority="high" />` +
      `</div></article>`,
  );
}

/** index.html with its generic first screen replaced by `markup` (unchanged when there is none). */
export function withFirstScreenMarkup(html: string, markup: string): string {
  const start = html.indexOf(FIRST_SCREEN_START);
  const end = html.indexOf(FIRST_SCREEN_END);
  if (!markup || start < 0 || end < start) return html;
  return `${html.slice(0, start + FIRST_SCREEN_START.length)}${markup}${html.slice(end)}`;
}

/** The interface's language the web app mirrored into its cookie (LOCALE_COOKIE), else the default. */
export function localeFromCookies(header: string | undefined): Locale {
  for (const part of (header ?? '').split(/;\s*/)) {
    const [name, value] = part.split('=');
    if (name === encodeURIComponent(LOCALE_COOKIE) && value !== undefined && isLocale(value)) return value;
  }
  return DEFAULT_LOCALE;
}
