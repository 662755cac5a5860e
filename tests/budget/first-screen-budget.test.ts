import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANDING_PAGES, type LandingPage } from '../../server/http/landing-pages';
import { buildWebApp, webBuildIsStale } from '../../server/web-build';
import { CHUNK_MODULES_FILE } from '../../vite.chunk-modules';
import { FIRST_SCREEN_BUDGETS, NEVER_ON_THE_FIRST_SCREEN } from './first-screen-budgets';
import { baselineOf, explainOverBudget, weighFirstScreen, type Baseline, type PageWeight } from './first-screen-weight';

// Bytes, not timings: what each landing page downloads before its first screen, from the production build
// (built here when missing or older than its sources, as `npm start` would; the e2e run then reuses it).
const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
const BASELINE_FILE = join(import.meta.dirname, 'first-screen-baseline.json');
const PAGES = Object.keys(LANDING_PAGES) as LandingPage[];

let weights: PageWeight[];
let baseline: Baseline;
beforeAll(() => {
  if (webBuildIsStale(ROOT) || !existsSync(join(DIST, CHUNK_MODULES_FILE))) buildWebApp(ROOT, { quiet: true });
  weights = PAGES.map((page) => weighFirstScreen(DIST, page));
  if (process.env.UPDATE_FIRST_SCREEN_BASELINE) writeFileSync(BASELINE_FILE, `${JSON.stringify(baselineOf(weights), null, 2)}\n`);
  baseline = existsSync(BASELINE_FILE) ? (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline) : {};
}, 600_000);

describe("a landing page's first screen stays within its budget", () => {
  it.each(PAGES)('%s: its JavaScript and CSS', (page) => {
    const weight = weights.find((w) => w.page === page)!;
    const budget = FIRST_SCREEN_BUDGETS[page];
    // The entry and the framework are on every page: a first screen without them would be a broken build.
    expect(weight.scripts.map((s) => s.name)).toEqual(expect.arrayContaining(['framework.js']));
    if (weight.js > budget.js) expect.fail(explainOverBudget(weight, 'js', budget.js, baseline[page]));
    if (weight.css > budget.css) expect.fail(explainOverBudget(weight, 'css', budget.css, baseline[page]));
  });

  it.each(PAGES)('%s: no admin, editor, gift-card definition or spreadsheet code', (page) => {
    const weight = weights.find((w) => w.page === page)!;
    const found = weight.scripts.flatMap((file) =>
      file.modules.flatMap(({ module }) =>
        NEVER_ON_THE_FIRST_SCREEN.filter((rule) => rule.module.test(module)).map((rule) => `${rule.what}: ${module} (in ${file.file})`),
      ),
    );
    expect(found, `${page} loads before its first screen code that belongs elsewhere (a lazy route or a dynamic import)`).toEqual([]);
  });
});
