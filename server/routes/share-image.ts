import type { FastifyPluginAsync } from 'fastify';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { publicCampaignCard } from '../campaigns/public-campaigns';
import { createShareImageRenderer, SHARE_IMAGE } from '../campaigns/share-image';
import type { Executor } from '../db/types';
import type { FileStorage } from '../services/storage/file-storage';

export interface ShareImageRoutesOptions {
  db: Executor;
  uploadsDir: string;
  storage: FileStorage;
}

/** Crawlers come back for the same image; progress changes, so it is fresh for an hour. */
const MAX_AGE_S = 3600;

/**
 * GET /og/{slug}.jpg: a public campaign's link-preview image, a 1200×630 JPEG (WhatsApp and Facebook
 * render no SVG): its cover cropped, or a card with its title and progress. Outside /api, so a crawler
 * fetches a plain image URL; unknown slugs and drafts are a 404.
 */
export const shareImageRoutes: FastifyPluginAsync<ShareImageRoutesOptions> = async (app, { db, uploadsDir, storage }) => {
  const render = createShareImageRenderer(uploadsDir, storage);
  app.get<{ Params: { file: string } }>('/og/:file', async (request, reply) => {
    const slug = request.params.file.endsWith('.jpg') ? request.params.file.slice(0, -'.jpg'.length) : '';
    const campaign = await publicCampaignCard(db, slug);
    if (!campaign) return reply.status(404).send({ message: request.t(m.notFound), code: errorCodes.notFound });
    const image = await render(slug, campaign);
    reply
      .header('cache-control', `public, max-age=${MAX_AGE_S}`)
      .header('etag', image.etag)
      // Covers and cards are public images: other sites (and link previews) may embed them.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(image.etag)) return reply.status(304).send();
    return reply.type(SHARE_IMAGE.type).send(image.body);
  });
};
