import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * The rules that can only ever report a minor or moderate problem. Each of axe's rules has one impact,
 * which every one of its results takes, so leaving these out changes no serious or critical finding; it
 * spares the run their work (`region` alone walks every element).
 */
const MILD_RULES = (axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules
  .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
  .map((rule) => rule.id);

/**
 * Serious and critical accessibility problems on the page as it is now. Waits for finite animations
 * (a dialog fading in) to end first: mid-fade colours are not what the reader sees.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // A dialog opened by the last response starts its fade a frame later: settle until none is left.
    for (let round = 0; round < 10; round += 1) {
      await frame();
      await frame();
      const finite = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (finite.length === 0) return;
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    }
  });
  // axe's default run finishes in a blank page it opens for the purpose, which is what lets it read
  // frames of other origins: about half its time. Our pages have none, so the run stays in the page
  // unless one is there.
  const origin = new URL(page.url()).origin;
  const foreignFrames = page.frames().some((frame) => !['about:', origin].some((o) => frame.url().startsWith(o)));
  // Only violations are read: axe then builds selectors for every violating node but for one node of
  // each passing or inapplicable rule, its slowest step on a long page (about a fifth of the run).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(!foreignFrames)
    .options({ resultTypes: ['violations'] })
    .disableRules(MILD_RULES)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
