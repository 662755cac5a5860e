import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images, fonts (woff2) and archives are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest'];
/** Below this, the headers and the framing cost about what compression saves. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** A file's brotli (highest quality) and gzip (level 9) bodies: done once at build time, so CPU is no concern. */
export function compressVariants(body: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz: gzipSync(body, { level: 9 }),
  };
}

/**
 * Writes `name.br` and `name.gz` beside every compressible file of `dir` (recursively) of at least
 * PRECOMPRESS_MIN_BYTES, where the variant is smaller than the file. Returns the files compressed.
 * The server (@fastify/static `preCompressed`) sends the variant the request accepts.
 */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      done.push(...precompressDir(path));
      continue;
    }
    if (!entry.isFile() || !PRECOMPRESSED_EXTENSIONS.some((ext) => entry.name.endsWith(ext))) continue;
    if (statSync(path).size < PRECOMPRESS_MIN_BYTES) continue;
    const body = readFileSync(path);
    const { br, gz } = compressVariants(body);
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    done.push(path);
  }
  return done;
}

/** Vite build plugin: precompresses dist/ once everything is written (build only, never in dev or tests). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'semear-precompress',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: an absolute --outDir stays as given.
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
