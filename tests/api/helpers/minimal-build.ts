import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A folder holding a build as Vite writes it, reduced to what the server needs to write a first screen
 * into a page: index.html with its first-screen marks and an empty manifest. The caller removes it.
 */
export function minimalBuild(): string {
  const distDir = mkdtempSync(join(tmpdir(), 'semear-dist-'));
  mkdirSync(join(distDir, '.vite'));
  writeFileSync(join(distDir, '.vite', 'manifest.json'), '{}');
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Semear</title><meta name="description" content="Doe" /></head>' +
      '<body><div id="root"><!-- first-screen --><!-- /first-screen --></div></body></html>',
  );
  return distDir;
}
