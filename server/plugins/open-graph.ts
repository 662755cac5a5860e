import { escapeHtml } from '../http/escape-html';

/** What a shared campaign link previews: absolute image and page URLs, plain-text title and summary. */
export interface CampaignMeta {
  title: string;
  summary: string;
  imageUrl: string | null;
  url: string;
}
export type CampaignMetaLookup = (slug: string) => Promise<CampaignMeta | null>;

const SITE_NAME = 'Semear';
/**
 * index.html with the campaign's title, description, Open Graph and Twitter tags, so WhatsApp and
 * social networks show a preview (their crawlers do not run JavaScript). The page's own title and
 * description are replaced; every value is escaped, organisers write the titles.
 */
export function renderOpenGraph(html: string, meta: CampaignMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.summary);
  const tag = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${value}" />`;
  const tags = [
    tag('name', 'description', description),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:title', title),
    tag('property', 'og:description', description),
    ...(meta.imageUrl ? [tag('property', 'og:image', escapeHtml(meta.imageUrl))] : []),
    tag('property', 'og:url', escapeHtml(meta.url)),
    tag('property', 'og:locale', 'pt_BR'),
    tag('name', 'twitter:card', meta.imageUrl ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', title),
    tag('name', 'twitter:description', description),
    ...(meta.imageUrl ? [tag('name', 'twitter:image', escapeHtml(meta.imageUrl))] : []),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
  ];
  const head = `<title>${title} · ${SITE_NAME}</title>\n    ${tags.join('\n    ')}\n  </head>`;
  // Replacers are functions so that '$&' or '$1' in a title stays text.
  return html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => '')
    .replace('</head>', () => head);
}
