import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chunkFiles, readBuildManifest } from '../../server/http/first-screen';
import { landingChunks, type LandingPage } from '../../server/http/landing-pages';
import { DEFAULT_LOCALE } from '../../contracts/constants';
import { CHUNK_MODULES_FILE, type ChunkModules } from '../../vite.chunk-modules';

/** One file a landing page loads before its first screen, gzipped as the build serves it. */
export interface WeighedFile {
  /** The chunk's name without its hash ('framework', 'app'…), stable from build to build. */
  name: string;
  file: string;
  gzipBytes: number;
  /** Its modules and their bytes in the bundle before compression, largest first (JavaScript only). */
  modules: Array<{ module: string; bytes: number }>;
}

export interface PageWeight {
  page: LandingPage;
  scripts: WeighedFile[];
  styles: WeighedFile[];
  js: number;
  css: number;
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
/** 'assets/framework-BcBK2PiT.js' → 'framework'; a page's own catalogs are told apart by their scope. */
const stableName = (file: string) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1');

/** What `page` loads before its first screen, from the build in `distDir` (its manifest and chunk modules). */
export function weighFirstScreen(distDir: string, page: LandingPage): PageWeight {
  const manifest = readBuildManifest(distDir);
  const modules = JSON.parse(readFileSync(join(distDir, CHUNK_MODULES_FILE), 'utf8')) as ChunkModules;
  const keys = ['index.html', ...landingChunks(page, DEFAULT_LOCALE)];
  const missing = keys.filter((key) => !manifest[key]);
  if (missing.length > 0)
    throw new Error(`${page}: the build has no chunk for ${missing.join(', ')} (a route renamed? see server/http/landing-pages.ts)`);
  const { scripts, styles } = chunkFiles(manifest, keys);
  // A chunk is known by its manifest key where that names a source (a route, a catalog's scope), else by
  // its file's name without the hash.
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const nameOf = (file: string) => {
    const key = keyOf.get(file);
    return key && !key.startsWith('_') ? key : stableName(file);
  };
  const weigh = (href: string): WeighedFile => {
    const file = href.slice(1);
    return { name: nameOf(file), file, gzipBytes: gzipSize(join(distDir, file)), modules: modules[file] ?? [] };
  };
  const weighedScripts = scripts.map(weigh).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const weighedStyles = styles.map(weigh).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (files: WeighedFile[]) => files.reduce((total, f) => total + f.gzipBytes, 0);
  return { page, scripts: weighedScripts, styles: weighedStyles, js: sum(weighedScripts), css: sum(weighedStyles) };
}

/** What the failure compares with: each chunk's gzip size and each module's bytes, per page. */
export type Baseline = Partial<Record<LandingPage, { chunks: Record<string, number>; modules: Record<string, number> }>>;

export const baselineOf = (weights: PageWeight[]): Baseline =>
  Object.fromEntries(
    weights.map((w) => [
      w.page,
      {
        chunks: Object.fromEntries([...w.scripts, ...w.styles].map((f) => [f.name, f.gzipBytes])),
        modules: Object.fromEntries(
          w.scripts.flatMap((f) => f.modules.filter((m) => m.bytes >= 256).map((m) => [moduleKey(f, m.module), m.bytes])),
        ),
      },
    ]),
  );

/** A module in its chunk: the same catalog file is compiled into several chunks, one per scope. */
const moduleKey = (file: WeighedFile, module: string) => `${file.name} ${module}`;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const signedKb = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${kb(Math.abs(bytes))}`;

/**
 * Says what is over and why: the page, its total against the budget, each chunk that grew since the
 * baseline (gzip) with the modules in it that are new or grew, largest growth first.
 */
export function explainOverBudget(weight: PageWeight, kind: 'js' | 'css', budget: number, baseline: Baseline[LandingPage]): string {
  const files = kind === 'js' ? weight.scripts : weight.styles;
  const lines = [
    `${weight.page} loads ${kb(weight[kind])} gz of ${kind === 'js' ? 'JavaScript' : 'CSS'} before its first screen: ` +
      `${kb(weight[kind] - budget)} over its budget of ${kb(budget)} (tests/budget/first-screen-budgets.ts).`,
  ];
  const grown = files
    .map((f) => ({ file: f, growth: f.gzipBytes - (baseline?.chunks[f.name] ?? 0) }))
    .filter((g) => g.growth > 0)
    .sort((a, b) => b.growth - a.growth);
  if (grown.length === 0) lines.push('No chunk grew since the baseline: the budget was lowered, or the baseline is new.');
  for (const { file, growth } of grown) {
    const isNew = baseline?.chunks[file.name] === undefined;
    lines.push(`  chunk ${file.file} ${kb(file.gzipBytes)} gz (${isNew ? 'new on this page' : signedKb(growth)})`);
    const modules = file.modules
      .map((m) => {
        const before = baseline?.modules[moduleKey(file, m.module)];
        return { ...m, growth: m.bytes - (before ?? 0), isNew: before === undefined };
      })
      .filter((m) => m.growth > 0)
      .sort((a, b) => b.growth - a.growth)
      .slice(0, 8);
    for (const m of modules) lines.push(`    ${m.module}: ${kb(m.bytes)} before compression (${m.isNew ? 'new' : signedKb(m.growth)})`);
  }
  return lines.join('\n');
}
