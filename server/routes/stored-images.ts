import type { FastifyPluginAsync } from 'fastify';
import { COVER_WIDTHS } from '../../contracts/campaigns';
import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { isUuid } from '../db/uuid';
import { coverKey, storyImageKey } from '../services/admin/campaign-images';
import { logoKey } from '../services/gift-cards/store-company-logo';
import type { FileStorage } from '../services/storage/file-storage';

/** A year: a stored image's id changes with its content (a new upload is a new id). */
const MAX_AGE_S = 31_536_000;

interface StoredImage {
  key: string;
  type: string;
  name: string;
}

/** The image families we keep, each from its URL's file name to its storage key, or null for any other name. */
const families: Record<string, (file: string) => StoredImage | null> = {
  logos: (file) => {
    const id = /^(.+)\.png$/.exec(file)?.[1];
    return id && isUuid(id) ? { key: logoKey(id.toLowerCase()), type: 'image/png', name: 'logo.png' } : null;
  },
  'campaign-covers': (file) => {
    const match = /^(.+?)(?:-(\d+)\.webp|\.jpg)$/.exec(file);
    const [id, width] = [match?.[1], match?.[2] === undefined ? undefined : Number(match[2])];
    if (!id || !isUuid(id) || (width !== undefined && !(COVER_WIDTHS as readonly number[]).includes(width))) return null;
    return width
      ? { key: coverKey(id.toLowerCase(), width), type: 'image/webp', name: 'cover.webp' }
      : { key: coverKey(id.toLowerCase()), type: 'image/jpeg', name: 'cover.jpg' };
  },
  'story-images': (file) => {
    const id = /^(.+)\.webp$/.exec(file)?.[1];
    return id && isUuid(id) ? { key: storyImageKey(id.toLowerCase()), type: 'image/webp', name: 'image.webp' } : null;
  },
};

/**
 * GET /img/{logos|campaign-covers|story-images}/{file}: images we made from uploads (company logos, campaign
 * covers and their widths, pictures in stories), from the storage adapter, always with the type we made,
 * never sniffed, and sandboxed should anyone open one as a page.
 */
export const storedImageRoutes: FastifyPluginAsync<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get<{ Params: { family: string; file: string } }>('/img/:family/:file', async (request, reply) => {
    const wanted = Object.hasOwn(families, request.params.family) ? families[request.params.family]?.(request.params.file) : null;
    const file = wanted ? await storage.get(wanted.key) : null;
    if (!wanted || !file) return reply.status(404).send({ message: request.t(m.notFound), code: errorCodes.notFound });
    return reply
      .header('cache-control', `public, max-age=${MAX_AGE_S}, immutable`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', `inline; filename="${wanted.name}"`)
      .type(wanted.type)
      .send(file.body);
  });
};
