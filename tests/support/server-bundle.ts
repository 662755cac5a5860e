import { mkdirSync, renameSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The server as `npm start` runs it, in a process of its own that a test can kill -9. */
const CHILD = join(ROOT, 'tests/api/helpers/crash-child.ts');

/**
 * The crash and two-node tests' server (`crash-child.ts`, which runs server/start.ts) bundled into one file.
 * Under tsx each of its some 500 modules goes through the loader thread and back: about 9 of the 15 s a
 * start takes on an idle machine, and a restart after kill -9 is what every waiting donor's answer waits
 * for. Bundled, the same code starts in about 6 s. Packages stay outside (loaded by Node as they are), and
 * each file keeps its own `import.meta.url`, so the paths it reads from (migrations, locales, the
 * spreadsheet worker) are the ones it has under tsx.
 */
export async function buildServerBundle(name: string): Promise<string> {
  const dir = join(ROOT, '.tmp', 'server-bundle');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.mjs`);
  const partial = `${file}.${process.pid}.partial`;
  await build({
    entryPoints: [CHILD],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [
      {
        name: 'own-import-meta-url',
        setup(bundler) {
          bundler.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async ({ path }) => ({
            contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
            loader: path.endsWith('.tsx') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  // Whole or not at all: a process started meanwhile never reads half a file.
  renameSync(partial, file);
  return file;
}
