import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the web build reads: a newer file in any of these means dist/ is stale. */
export const WEB_SOURCES = [
  'src',
  'public',
  'locales',
  'contracts',
  'machines',
  'index.html',
  'vite.config.ts',
  'vite.plugins.ts',
  'vite.lingui-scopes.ts',
  'vite.precompress.ts',
  'vite.chunk-modules.ts',
  'lingui.config.ts',
  'package.json',
];

function newestMtimeMs(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtimeMs(join(path, entry)));
  }
  return newest;
}

/** True when dist/index.html is missing or older than the newest web source. */
export function webBuildIsStale(root: string, distDir = join(root, 'dist')): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const builtAt = statSync(index).mtimeMs;
  return WEB_SOURCES.some((source) => newestMtimeMs(join(root, source)) > builtAt);
}

/**
 * Runs `npm run build` in the foreground, showing its output; throws when it fails. The bundle is the
 * production one whatever NODE_ENV the server runs under: Vite builds React's development bundle when
 * NODE_ENV says test or development, and its toasts and timings differ from what donors get.
 */
export function buildWebApp(root: string, options: { quiet?: boolean } = {}): void {
  const env = { ...process.env, NODE_ENV: 'production' };
  const stdio = options.quiet ? 'pipe' : 'inherit';
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, env, stdio, encoding: 'utf8', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    // Quiet: the build's output only when it failed, where it says why.
    if (options.quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`npm run build failed (exit ${result.status ?? result.signal}); fix the build or run it by hand.`);
  }
}
