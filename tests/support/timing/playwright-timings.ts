import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestTable, type Timing } from './timing-table';

/**
 * Where the e2e run spends its time: the 20 slowest specs, each the sum of its tests' attempts (a retried
 * test counts twice), printed after Playwright's own summary; with SEMEAR_TIMINGS_FILE, the count of tests
 * as JSON for `npm test`'s closing summary (scripts/test.ts).
 */
export default class TimingsReporter implements Reporter {
  private readonly specs = new Map<string, { seconds: number; tests: Set<string> }>();

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(process.cwd(), test.location.file);
    const spec = this.specs.get(file) ?? { seconds: 0, tests: new Set<string>() };
    spec.seconds += result.duration / 1000;
    spec.tests.add(test.id);
    this.specs.set(file, spec);
  }

  onEnd(_result: FullResult): void {
    const timings: Timing[] = [...this.specs].map(([name, spec]) => ({ name, seconds: spec.seconds, detail: `${spec.tests.size} tests` }));
    process.stdout.write(['', 'The 20 slowest e2e specs:', ...slowestTable(timings, 20), ''].join('\n'));
    const tests = [...this.specs.values()].reduce((sum, spec) => sum + spec.tests.size, 0);
    const out = process.env.SEMEAR_TIMINGS_FILE;
    if (out) writeFileSync(out, JSON.stringify({ projects: { e2e: { files: this.specs.size, tests } } }));
  }
}
