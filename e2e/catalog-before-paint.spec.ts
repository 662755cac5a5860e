import { expect, test } from '@playwright/test';

/**
 * Issue 47, item 6: a screen never shows an untranslated message id. /doacao-mensal's amount picker
 * speaks the checkout's words (src/app/giving): on a fresh load its catalog comes before the page, in
 * Portuguese and in English. Every text the page ever paints is watched from the first byte.
 */

// The ids of the picker's messages ("Valor mensal da doação", "{value}/mês", "Outro valor").
const RAW_IDS = /\b(3zsv3t|AbNUc5|m38JTC)\b/;

for (const [locale, group, other] of [
  ['pt', 'Valor mensal da doação', 'Outro valor'],
  ['en', 'Monthly donation amount', 'Other amount'],
] as const) {
  test(`/doacao-mensal paints only translated words (${locale})`, async ({ page }) => {
    await page.addInitScript((chosen) => {
      localStorage.setItem('semear.locale', chosen);
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }, locale);
    await page.goto('/doacao-mensal');
    const picker = page.getByRole('group', { name: group });
    await expect(picker).toBeVisible();
    await expect(picker).toContainText(other);
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
    expect(seen.filter((text) => RAW_IDS.test(text))).toEqual([]);
  });
}
