import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInThroughForm } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';

/**
 * People read words, not codes (issue 22, item 9): a donation's history names statuses and accounts in
 * Portuguese, the team's history names the change and what it was about (not `campaign.save` and an
 * id), and the donations CSV writes the method and status in words beside their codes, with dates in
 * São Paulo time.
 */

const CODES = /\b(succeeded|awaiting_approval|gateway_clearing|campaign:[0-9a-f-]{8}|donation:[0-9a-f-]{8}|sent|pending)\b/;

test("item 9: a donation's history, the audit log and the CSV are in words and São Paulo time", async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughForm(page, DEMO_ADMIN);

  // The demo donor's own gift, seeded four days ago with a payment the sandbox took (the days before
  // yesterday: whatever other tests give today is left out).
  const twoDaysAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now() - 2 * 86_400_000);
  await page.goto(`/admin/donations?q=${encodeURIComponent('doador@semear.dev')}&to=${twoDaysAgo}`);
  const table = page.getByRole('table', { name: 'Doações' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const shownDate = ((await table.getByRole('row').nth(1).getByRole('cell').last().textContent()) ?? '').trim();
  expect(shownDate).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await table.getByRole('link', { name: 'Davi Doador' }).click();
  const history = page.getByRole('region', { name: 'Doação' }).getByRole('list', { name: 'Histórico do pagamento' });
  await expect(history).toContainText(/Pagamento: (Cartão \(Visa •••• 1111\)|PIX) · pago · Sandbox \(ambiente de testes\)/);
  await expect(history).toContainText(
    'Meio de pagamento: Sandbox (ambiente de testes) −R$ 50,00 · Campanha Cozinha Solidária do Coque +R$ 50,00',
  );
  await expect(history).toContainText('Doação recebida ·');
  expect(await history.textContent()).not.toMatch(CODES);
  expect(await seriousViolations(page)).toEqual([]);

  // The list as a CSV: words beside the codes, the date as the page shows it (São Paulo), with seconds.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const exported = await readFile((await (await downloading).path()) as string, 'utf8');
  const [header, line] = exported.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe(
    'Doação;Data;Confirmada;Situação;Situação (código);Meio;Meio (código);Campanha;Doador;E-mail;Documento;Valor;Reembolsado',
  );
  const cells = (line ?? '').split(';');
  expect(cells.slice(3, 5)).toEqual(['Confirmada', 'confirmed']);
  expect([
    ['Cartão', 'card'],
    ['PIX', 'pix'],
  ]).toContainEqual(cells.slice(5, 7));
  expect(cells[1]).toMatch(new RegExp(`^${shownDate.replace(/\//g, '\\/')}:\\d{2}$`));

  // A change to a campaign, in the team's history: what it was and which campaign, never its code and id.
  await page.goto('/admin/campaigns/edit?slug=abrigo-animais-curitiba');
  await page.getByLabel(/^Resumo/).fill('Ração, vacinas e castração para 120 cães e gatos resgatados.');
  await expect(page.getByTestId('save-state')).toHaveText(/salvo/i, { timeout: 15_000 });
  await page.goto('/admin/team?action=campaign.save');
  const row = page.getByRole('region', { name: 'Histórico de alterações' }).getByRole('row').nth(1);
  await expect(row).toContainText('Rascunho de campanha salvo');
  await expect(row).toContainText('Abrigo Quatro Patas de Curitiba');
  expect(await row.textContent()).not.toMatch(/campaign\.save|[0-9a-f]{8}-[0-9a-f]{4}-/);
});
