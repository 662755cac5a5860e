import { escapeHtml } from '../http/escape-html';

/** What a shared campaign link previews: absolute image and page URLs, plain-text title and summary. */
export interface CampaignMeta {
  title: string;
  summary: string;
  /** The link-preview image: an absolute URL of a raster image, its size and type, and its alternative text. */
  image: { url: string; width: number; height: number; type: string; alt: string } | null;
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
  const { image } = meta;
  const tag = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${value}" />`;
  const tags = [
    tag('name', 'description', description),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:title', title),
    tag('property', 'og:description', description),
    ...(image
      ? [
          tag('property', 'og:image', escapeHtml(image.url)),
          tag('property', 'og:image:type', escapeHtml(image.type)),
          tag('property', 'og:image:width', String(image.width)),
          tag('property', 'og:image:height', String(image.height)),
          tag('property', 'og:image:alt', escapeHtml(image.alt)),
        ]
      : []),
    tag('property', 'og:url', escapeHtml(meta.url)),
    tag('property', 'og:locale', 'pt_BR'),
    tag('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', title),
    tag('name', 'twitter:description', description),
    ...(image ? [tag('name', 'twitter:image', escapeHtml(image.url)), tag('name', 'twitter:image:alt', escapeHtml(image.alt))] : []),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
  ];
  const head = `<title>${title} · ${SITE_NAME}</title>\n    ${tags.join('\n    ')}\n  </head>`;
  // Replacers are functions so that '$&' or '$1' in a title stays text.
  return html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => '')
    .replace('</head>', () => head);
}
