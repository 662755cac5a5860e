import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious and critical accessibility problems on the page as it is now. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
