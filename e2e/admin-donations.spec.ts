import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { createAccount, DEMO_ADMIN, newIndividual, signInThroughForm, uniqueEmail } from './helpers/accounts';
import { field, giveByCard } from './helpers/checkout';
import { waitForMailMatching } from './helpers/mailbox';

/**
 * Donations, refunds and webhooks (issue 14, "Must show"): an admin adds a webhook endpoint on a local
 * receiver, a donor gives by card, the admin finds the donation by the donor's e-mail and refunds part
 * of it (the filtered list also downloads as CSV, prepared in the background); the campaign's total drops, the donor gets the notice and
 * sees it on their contributions page, and the receiver gets donation.confirmed
 * and donation.refunded, each verified with the standardwebhooks library.
 */

const SLUG = 'cozinha-solidaria-recife';

async function raised(page: Page): Promise<number> {
  const answer = await page.request.get(`/api/v1/campaigns/${SLUG}`);
  return ((await answer.json()) as { raised: number }).raised;
}

test('an admin refunds part of a card donation; the total drops, the donor is told, the webhook hears both events', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/semear`;
  try {
    await signInThroughForm(page, DEMO_ADMIN);
    await page.goto('/admin/webhooks');
    const form = page.getByRole('form', { name: 'Novo webhook' });
    await form.getByLabel(/^Endereço que recebe/).fill(hookUrl);
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Já guardei' }).click();
    await expect(page.getByRole('listitem', { name: hookUrl })).toContainText('donation.confirmed, donation.refunded');

    const before = await raised(page);
    const email = uniqueEmail('reembolso');
    // A signed-in donor: their contributions page shows what comes back.
    const donor = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const giving = await donor.newPage();
    const account = await createAccount(giving.request, newIndividual({ name: 'Helena Reis', email }));
    await signInThroughForm(giving, account);
    // Prefilled from the profile.
    await giveByCard(giving, SLUG, 50, '4111 1111 1111 1111', () => expect(field(giving, 'E-mail')).toHaveValue(email));
    expect(await raised(page)).toBe(before + 5000);

    // The receiver hears of the donation within seconds (each node looks for due deliveries every 2 s).
    await expect.poll(() => received.length, { timeout: 20_000, intervals: [500] }).toBe(1);

    // Found by the donor's e-mail, the filter in the URL.
    await page.goto('/admin/donations');
    await page.getByLabel('Doador (nome, e-mail, CPF ou CNPJ)').fill(email);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/q=reembolso/);
    const table = page.getByRole('table', { name: 'Doações' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: 'Helena Reis' }).click();
    // The filtered list as a CSV: this one donation.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const exported = await readFile((await (await downloading).path()) as string, 'utf8');
    await expect(page.getByRole('status').filter({ hasText: 'pronto (1 linha)' })).toBeVisible();
    expect(exported.trim().split('\r\n')).toHaveLength(2);
    expect(exported).toContain(email);
    const detail = page.getByRole('region', { name: 'Doação' });
    await expect(detail).toContainText('Doação de R$ 50,00 por Helena Reis');
    await detail.getByLabel(/^Valor a reembolsar/).fill('20');
    await detail.getByLabel(/^Motivo/).fill('Valor digitado errado');
    await detail.getByRole('button', { name: 'Reembolsar' }).click();
    await page
      .getByRole('alertdialog', { name: 'Reembolsar R$ 20,00 de Helena Reis?' })
      .getByRole('button', { name: 'Reembolsar R$ 20,00' })
      .click();
    await expect(detail.getByRole('status')).toHaveText(
      'Reembolso de R$ 20,00 feito: o valor volta ao doador, saiu do total arrecadado e o doador recebe um e-mail.',
    );
    await expect(detail).toContainText('Até R$ 30,00');
    await expect(table).toContainText('reembolsado R$ 20,00');
    expect(await raised(page)).toBe(before + 3000);
    await waitForMailMatching(email, /Devolvemos R\$ 20,00 da sua doação/);
    // The donor's contributions: still paid, with what came back.
    await giving.goto('/profile/contributions');
    const given = giving.getByRole('list', { name: 'Contribuições' }).getByRole('listitem').first();
    await expect(given).toContainText('R$ 50,00');
    await expect(given).toContainText('R$ 20,00 devolvidos a você');
    await donor.close();

    // And of the refund; both signed.
    await expect.poll(() => received.length, { timeout: 20_000, intervals: [500] }).toBeGreaterThanOrEqual(2);
    const events = received.map(
      (r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { amount: number } },
    );
    expect(events.map((e) => e.type).sort()).toEqual(['donation.confirmed', 'donation.refunded']);
    expect(events.find((e) => e.type === 'donation.refunded')?.data.amount).toBe(2000);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
