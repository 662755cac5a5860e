import * as s from './campaigns.css';

/**
 * The campaign's story. Safe to insert as HTML: the server keeps only an allow-list when the story is
 * stored (server/services/story-html.ts: p, br, strong, em, u, a, ul, ol, li, h2, h3, blockquote; no
 * scripts, styles, handlers or images; links only http(s)/mailto, opening in a new tab with
 * rel=noopener), and contracts/campaigns.ts promises story_html is sanitised. The CSP forbids inline
 * scripts besides. This is the only place the web app renders HTML from the API.
 */
export function StoryHtml({ html }: { html: string }) {
  return <div className={s.story} dangerouslySetInnerHTML={{ __html: html }} />;
}
