import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInThroughForm } from './helpers/accounts';

/**
 * The finances page (issue 14): an admin with the finance permissions sees this month's figures with
 * their change and the chart, switches period, and downloads the CSV (prepared in the background, downloadable
 * again after a reload), whose columns add up to the figures.
 */

const cents = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100;

test('an admin sees the period in figures and a chart, and the CSV adds up to them', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/finances');
  await expect(page.getByRole('heading', { level: 1, name: 'Finanças' })).toBeVisible();
  const gross = page.getByTestId('figure-gross');
  await expect(gross).toHaveText(/R\$/);
  await expect(page.getByRole('group', { name: 'Bruto arrecadado' })).toContainText('em relação ao período anterior');
  await expect(page.getByTestId('daily-chart').locator('canvas')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Meio' })).toBeVisible();

  const thisYear = page.getByRole('navigation', { name: 'Períodos' }).getByRole('link', { name: 'Este ano' });
  await thisYear.click();
  await expect(page).toHaveURL(/preset=this_year/);
  // The URL (and so the link marked current) changes before the year's figures arrive; the period's
  // fields show the year once its figures are on the page.
  await expect(thisYear).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('textbox', { name: 'De' })).toHaveValue(/^\d{4}-01-01$/);
  const yearGross = cents((await gross.textContent()) ?? '');
  const net = cents((await page.getByTestId('figure-net').textContent()) ?? '');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^semear-financas-\d{4}-01-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFFData;Tipo;')).toBe(true);
  const rows = text
    .slice(1)
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(';'));
  const column = (index: number) =>
    Math.round(rows.reduce((sum, cells) => sum + Number((cells.at(index) as string).replace(',', '.')) * 100, 0));
  expect(column(-4)).toBe(yearGross);
  expect(column(-1)).toBe(net);
  // A person reads the reference: the line's id, never `donation:<uuid>` (issue 47, item 12).
  expect(rows.filter((cells) => !/^[0-9a-f-]{36}$/.test(cells[2] ?? ''))).toEqual([]);

  // Prepared on the server, it stays downloadable for a day: after a reload too.
  const ready = page.getByRole('status').filter({ hasText: /pronto \([\d.]+ linhas?\)\. Disponível até/ });
  await expect(ready).toBeVisible();
  await page.reload();
  await expect(ready).toBeVisible();
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar de novo' }).click();
  expect(await readFile((await (await again).path()) as string, 'utf8')).toBe(text);
});

/**
 * Issue 22, item 8: the chart's axes say the period chosen, in days (months for a year), and reais on the
 * y axis. uPlot draws them on a canvas, so the test records the text drawn there since its last clear.
 */
async function recordCanvasText(page: Page) {
  await page.addInitScript(() => {
    const drawn = new WeakMap<HTMLCanvasElement, string[]>();
    const proto = CanvasRenderingContext2D.prototype;
    const { fillText, clearRect } = proto;
    proto.clearRect = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof clearRect>) {
      drawn.set(this.canvas, []);
      return clearRect.apply(this, args);
    };
    proto.fillText = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof fillText>) {
      drawn.set(this.canvas, [...(drawn.get(this.canvas) ?? []), String(args[0])]);
      return fillText.apply(this, args);
    };
    (window as unknown as { chartText: (c: HTMLCanvasElement) => string[] }).chartText = (c) => drawn.get(c) ?? [];
  });
}

const chartText = (page: Page) =>
  page
    .getByTestId('daily-chart')
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) =>
      (window as unknown as { chartText: (c: HTMLCanvasElement) => string[] }).chartText(canvas).flatMap((t) => t.split('\n')),
    );

const saoPauloDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);

test('the chart shows the days of the period chosen and reais, in Portuguese and in English', async ({ page }) => {
  await recordCanvasText(page);
  await signInThroughForm(page, DEMO_ADMIN);
  // The last seven days (the demo's donations are spread over the weeks before today).
  const days = Array.from({ length: 7 }, (_, i) => saoPauloDay(new Date(Date.now() - (6 - i) * 86_400_000)));
  const shown = days.map((day) => `${day.slice(8, 10)}/${day.slice(5, 7)}`);
  await page.goto(`/admin/finances?from=${days[0]}&to=${days[6]}`);
  await expect(page.getByTestId('daily-chart').locator('canvas')).toBeVisible();
  const moneyTick = /^R\$ \d{1,3}(\.\d{3})*(,\d{2})?$/;
  await expect.poll(async () => (await chartText(page)).filter((t) => /^\d{2}\/\d{2}$/.test(t))).toEqual(shown);
  const reais = (await chartText(page)).filter((t) => t.startsWith('R$'));
  expect(reais.length).toBeGreaterThan(1);
  for (const tick of reais) expect(tick).toMatch(moneyTick);
  expect(new Set(reais).size).toBe(reais.length);
  expect(reais).toContain('R$ 0');

  // This year: the months, named in the interface's language, and nothing outside the year.
  await page.getByRole('navigation', { name: 'Períodos' }).getByRole('link', { name: 'Este ano' }).click();
  const thisMonth = Number(saoPauloDay(new Date()).slice(5, 7));
  const ptMonths = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
  await expect.poll(async () => (await chartText(page)).filter((t) => ptMonths.includes(t))).toContain(ptMonths[thisMonth - 1]);
  expect((await chartText(page)).filter((t) => /20\d\d|Jan|Feb|Dec/.test(t))).toEqual([]);

  // In English: English months; the same reais (formatting stays Brazilian, docs/spec.md §1).
  await page.getByLabel('Idioma').selectOption('en');
  const enMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  await expect.poll(async () => (await chartText(page)).filter((t) => enMonths.includes(t))).toContain(enMonths[thisMonth - 1]);
  for (const tick of (await chartText(page)).filter((t) => t.startsWith('R$'))) expect(tick).toMatch(moneyTick);
});
