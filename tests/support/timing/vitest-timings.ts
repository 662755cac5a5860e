import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { formatSeconds, slowestTable, type Timing } from './timing-table';

interface ProjectTotals {
  files: number;
  tests: number;
  /** Summed over its files: what the project costs the workers. */
  fileSeconds: number;
  /** From its first file's start to its last file's end. */
  firstStart: number;
  lastEnd: number;
}

/**
 * Where `vitest run` spends its time: each project's files, tests and seconds, and the 20 slowest files
 * (import, then tests and hooks). `npm test` (scripts/test.ts) shows this after the run; with
 * SEMEAR_TIMINGS_FILE it also writes the figures as JSON for the run's closing summary.
 */
export default class TimingsReporter implements Reporter {
  private readonly files: Array<Timing & { project: string; tests: number; start: number; end: number }> = [];

  onTestModuleEnd(module: TestModule): void {
    const end = performance.now();
    const d = module.diagnostic();
    const importing = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
    const seconds = (importing + d.duration) / 1000;
    this.files.push({
      project: module.project.name,
      name: `${module.project.name}  ${module.relativeModuleId}`,
      seconds,
      detail: `import ${formatSeconds(importing / 1000)}, tests and hooks ${formatSeconds(d.duration / 1000)}`,
      tests: Array.from(module.children.allTests()).length,
      start: end - seconds * 1000,
      end,
    });
  }

  onTestRunEnd(): void {
    const projects = new Map<string, ProjectTotals>();
    for (const file of this.files) {
      const totals = projects.get(file.project) ?? { files: 0, tests: 0, fileSeconds: 0, firstStart: file.start, lastEnd: file.end };
      totals.files += 1;
      totals.tests += file.tests;
      totals.fileSeconds += file.seconds;
      totals.firstStart = Math.min(totals.firstStart, file.start);
      totals.lastEnd = Math.max(totals.lastEnd, file.end);
      projects.set(file.project, totals);
    }
    const lines = ['', 'vitest projects (files, tests, seconds from first file to last, seconds summed over files):'];
    for (const [name, t] of [...projects].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(
        `  ${name.padEnd(14)} ${String(t.files).padStart(4)} files ${String(t.tests).padStart(5)} tests ` +
          `${formatSeconds((t.lastEnd - t.firstStart) / 1000).padStart(8)} wall ${formatSeconds(t.fileSeconds).padStart(8)} in files`,
      );
    }
    lines.push('', 'The 20 slowest test files:', ...slowestTable(this.files, 20));
    process.stdout.write(`${lines.join('\n')}\n`);
    const out = process.env.SEMEAR_TIMINGS_FILE;
    if (out) {
      const counts = Object.fromEntries([...projects].map(([name, t]) => [name, { files: t.files, tests: t.tests }]));
      writeFileSync(out, JSON.stringify({ projects: counts }));
    }
  }
}
