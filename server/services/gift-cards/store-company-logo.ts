import { randomUUID } from 'node:crypto';
import { errorCodes } from '../../../contracts/errors';
import { giftCardMessages as gc } from '../../../contracts/gift-card-messages';
import type { CompanyLogo } from '../../../contracts/gift-cards';
import { invalid } from '../../domain/errors';
import type { FileStorage } from '../storage/file-storage';
import { checkCompanyLogo } from './company-logo';

/** Where a logo is served (outside /api/v1: an image, never a page). */
export const logoUrl = (id: string): string => `/img/logos/${id}.png`;
export const logoKey = (id: string): string => `logos/${id}.png`;

/**
 * Checks an uploaded company logo and keeps the PNG made from it under a new id; a refused one
 * ('O logo deve ter a proporção 19:9'…) writes nothing.
 */
export async function storeCompanyLogo(storage: FileStorage, bytes: Uint8Array): Promise<CompanyLogo> {
  const checked = await checkCompanyLogo(bytes);
  if (!checked.ok) throw invalid(errorCodes.logoInvalid, Object.values(gc).find((d) => d.id === checked.problem) ?? gc.logoUnreadable);
  const id = randomUUID();
  await storage.put(logoKey(id), checked.png, 'image/png');
  return { id, url: logoUrl(id), width: checked.width, height: checked.height };
}
