// `npm test`: every check and every test, timed. The static checks and the production build have no
// order among them, so they run two at a time (two cores); then vitest (every project, two workers), then
// e2e in Chromium on the build. Each step's time is printed as it ends, vitest and Playwright print their
// slowest files, and the last line is the run's summary. A step that fails stops the run after its phase.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatSeconds } from '../tests/support/timing/timing-table';
import { webBuildIsStale } from '../server/web-build';

interface Step {
  name: string;
  command: string;
  /** Runs beside other steps: its output is kept and shown whole when it ends. */
  quiet?: boolean;
  env?: Record<string, string>;
}

interface StepResult {
  name: string;
  seconds: number;
  ok: boolean;
}

const started = performance.now();
const results: StepResult[] = [];
const countsDir = mkdtempSync(join(tmpdir(), 'semear-test-counts-'));
const VITEST_COUNTS = join(countsDir, 'vitest.json');
const PLAYWRIGHT_COUNTS = join(countsDir, 'playwright.json');

function run(step: Step): Promise<StepResult> {
  const begin = performance.now();
  if (!step.quiet) process.stdout.write(`\n==> ${step.name}: ${step.command}\n`);
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: step.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...step.env },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) => {
      const result = { name: step.name, seconds: (performance.now() - begin) / 1000, ok: code === 0 };
      if (step.quiet) process.stdout.write(`\n==> ${step.name}: ${step.command}\n${output}`);
      process.stdout.write(`<== ${step.name}: ${result.ok ? 'passed' : `FAILED (exit ${code})`} in ${formatSeconds(result.seconds)}\n`);
      results.push(result);
      resolve(result);
    });
  });
}

/** Runs the lanes side by side, each lane's steps one after another; true when every step passed. */
async function phase(lanes: Step[][]): Promise<boolean> {
  const outcomes = await Promise.all(
    lanes.map(async (lane) => {
      let ok = true;
      for (const step of lane) ok = (await run({ ...step, quiet: lanes.length > 1 })).ok && ok;
      return ok;
    }),
  );
  return outcomes.every(Boolean);
}

function readCounts(file: string): Record<string, { tests: number }> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { projects: Record<string, { tests: number }> }).projects : {};
}

function summary(ok: boolean): void {
  const lines = ['', 'npm test, step by step:'];
  for (const r of results) lines.push(`  ${formatSeconds(r.seconds).padStart(8)}  ${r.name}${r.ok ? '' : '  FAILED'}`);
  const counts = { ...readCounts(VITEST_COUNTS), ...readCounts(PLAYWRIGHT_COUNTS) };
  const tests = Object.values(counts).reduce((sum, c) => sum + c.tests, 0);
  const byProject = Object.entries(counts)
    .map(([name, c]) => `${name} ${c.tests}`)
    .join(', ');
  lines.push(
    '',
    `npm test ${ok ? 'passed' : 'FAILED'}: ${tests} tests (${byProject}) in ${formatSeconds((performance.now() - started) / 1000)}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  rmSync(countsDir, { recursive: true, force: true });
  process.exitCode = ok ? 0 : 1;
}

async function main(): Promise<boolean> {
  if (!(await phase([[{ name: 'catalogs', command: 'npm run --silent lingui:check' }]]))) return false;
  const build: Step[] = webBuildIsStale(process.cwd())
    ? [{ name: 'build', command: 'npm run --silent build', env: { NODE_ENV: 'production' } }]
    : [];
  // Paired by their times in CI (typecheck 260 s and build 120 s; lint 244 s and format 146 s).
  const checked = await phase([
    [{ name: 'typecheck', command: 'npm run --silent typecheck' }, ...build],
    [
      { name: 'lint', command: 'npm run --silent lint' },
      { name: 'format', command: 'npm run --silent format:check' },
    ],
  ]);
  if (!checked) return false;
  const timings = (file: string) => ({ SEMEAR_TIMINGS_FILE: file });
  if (!(await phase([[{ name: 'vitest', command: 'npx vitest run', env: timings(VITEST_COUNTS) }]]))) return false;
  return phase([[{ name: 'e2e', command: 'npx playwright test', env: timings(PLAYWRIGHT_COUNTS) }]]);
}

main().then(summary, (error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  summary(false);
});
