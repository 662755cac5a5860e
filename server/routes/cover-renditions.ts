import type { FastifyPluginAsync } from 'fastify';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { publicCampaignCard } from '../campaigns/public-campaigns';
import { createCoverRenditions, parseCoverRendition } from '../campaigns/cover-renditions';
import type { Executor } from '../db/types';
import type { FileStorage } from '../services/storage/file-storage';

export interface CoverRenditionRoutesOptions {
  db: Executor;
  uploadsDir: string;
  storage: FileStorage;
}

/** A cover changes rarely and its rendition's ETag follows the file: a day fresh, then revalidated. */
const MAX_AGE_S = 86_400;

/**
 * GET /img/covers/{slug}-{480|960|1440}.webp: a public campaign's raster cover at a served width, so a
 * phone downloads a phone-sized image (the page's srcset and the HTML's preload name them). Unknown
 * slugs, drafts, vector or missing covers and other widths are a 404.
 */
export const coverRenditionRoutes: FastifyPluginAsync<CoverRenditionRoutesOptions> = async (app, { db, uploadsDir, storage }) => {
  const rendition = createCoverRenditions(uploadsDir, storage);
  app.get<{ Params: { file: string } }>('/img/covers/:file', async (request, reply) => {
    const wanted = parseCoverRendition(request.params.file);
    const campaign = wanted ? await publicCampaignCard(db, wanted.slug) : undefined;
    const image = campaign && wanted ? await rendition(campaign.coverImage, wanted.width) : null;
    if (!image) return reply.status(404).send({ message: request.t(m.notFound), code: errorCodes.notFound });
    reply
      .header('cache-control', `public, max-age=${MAX_AGE_S}`)
      .header('etag', image.etag)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(image.etag)) return reply.status(304).send();
    return reply.type('image/webp').send(image.body);
  });
};
