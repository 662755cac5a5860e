import { constants } from 'node:zlib';

/** Answers smaller than this go out as they are: the headers and framing cost what compression would save. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The encodings offered, best first, and their settings: the compression plugin's, and the public
 * answers kept encoded (encoded-answer.ts). Brotli at quality 4: near gzip's CPU cost with smaller bodies.
 */
export const COMPRESS_ENCODINGS: Array<'br' | 'gzip'> = ['br', 'gzip'];
export const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
export const GZIP_OPTIONS = { level: 6 };
