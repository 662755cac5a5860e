import { onFirstUse } from '../../on-first-use';
import { isValidPixBrCode } from './br-code';

const qrcode = onFirstUse<typeof import('qrcode')>('qrcode');

/** Side of the PNG in pixels: large enough to scan from a laptop screen with a phone. */
export const PIX_QR_WIDTH = 280;

/**
 * The BR Code as a QR image, a `data:image/png;base64,...` URL the page can show directly.
 * Error correction M (15%) keeps the symbol small for a ~150-character payload and survives a
 * glare on the screen; a margin of 2 modules is enough quiet zone on a white card.
 */
export async function pixQrImage(brCode: string): Promise<string> {
  if (!isValidPixBrCode(brCode)) throw new Error('pixQrImage needs a valid PIX BR Code');
  return qrcode().toDataURL(brCode, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: PIX_QR_WIDTH });
}
