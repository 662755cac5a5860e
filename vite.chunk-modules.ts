import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes which modules make up each chunk (beside Vite's own manifest). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/** A chunk's modules and the bytes each adds to it (minified, before compression), largest first. */
export type ChunkModules = Record<string, Array<{ module: string; bytes: number }>>;

/**
 * Writes dist/.vite/chunk-modules.json: for every JavaScript chunk, the modules in it and their rendered
 * size. The first-screen budget test (tests/budget) names with it the modules behind a chunk that grew.
 */
export function chunkModules(): Plugin {
  return {
    name: 'semear-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkModules = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.entries(output.modules)
          .map(([id, info]) => ({ module: relative(process.cwd(), id.replace(/\0/g, '').split('?')[0] ?? id), bytes: info.renderedLength }))
          .filter((entry) => entry.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes);
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(chunks) });
    },
  };
}
