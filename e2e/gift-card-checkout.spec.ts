import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers/accounts';
import { field, fillAddress } from './helpers/checkout';
import { waitForMailMatching } from './helpers/mailbox';

/**
 * Buying personal gift cards (issue 12): defined on /gift-card/definition, paid by PIX on the
 * sandbox in the shared checkout, issued and sent; the recipient's e-mail carries the card and a
 * "use it now" link to its page.
 */

async function defineTwoCards(page: Page, recipients: ReadonlyArray<readonly [string, string]>) {
  await page.goto('/gift-card/definition');
  await page.getByLabel(/Valor de cada cartão/).fill('80');
  await page.getByLabel(/Quantidade de cartões/).fill(String(recipients.length));
  await page.getByRole('radio', { name: 'Girassol' }).check();
  await page.getByLabel(/^Mensagem/).fill('Feliz aniversário! Escolha uma causa.');
  await page.getByLabel(/De \(quem envia\)/).fill('Maria');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Por e-mail, assim que o pagamento for confirmado').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  for (const [index, [name, email]] of recipients.entries()) {
    const card = page.getByRole('group', { name: `Cartão ${index + 1}` });
    await card.getByLabel(/^Nome/).fill(name);
    await card.getByLabel(/^E-mail/).fill(email);
    await card.getByLabel(/^Confirme o e-mail/).fill(email);
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page).toHaveURL(/\/gift-card\/checkout$/);
}

test('a visitor buys two cards by PIX; once paid each recipient gets the card by e-mail, its button opens the card', async ({
  page,
  context,
}) => {
  const ana = uniqueEmail('ana');
  const bruno = uniqueEmail('bruno');
  await defineTwoCards(page, [
    ['Ana Souza', ana],
    ['Bruno Lima', bruno],
  ]);

  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento do gift card' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Resumo do pedido' });
  await expect(summary).toContainText('2 gift card(s) de R$ 80,00');
  await expect(summary).toContainText('R$ 160,00');
  await field(page, 'Nome completo').fill('Maria da Silva');
  await field(page, 'CPF').fill('529.982.247-25');
  await field(page, 'E-mail').fill(uniqueEmail('maria'));
  await field(page, 'Telefone').fill('(11) 98765-4321');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('PIX').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Pagar R$ 160,00' }).click();

  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  const sandbox = await page.getByRole('link', { name: 'Pagar no ambiente de testes' }).getAttribute('href');
  const paid = await context.request.post(`/sandbox-gateway/v1/pix/${sandbox?.split('/').pop() ?? ''}/simulate-payment`);
  expect(paid.status(), await paid.text()).toBe(200);

  await expect(page).toHaveURL(/\/gift-card\/agradecimento\?type=email_now&order=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Obrigado! Seu gift card está a caminho' })).toBeVisible();
  await expect(page.getByText(`Enviado para ${ana}`)).toBeVisible();
  await expect(page.getByText(`Enviado para ${bruno}`)).toBeVisible();

  const [, path] = await waitForMailMatching(bruno, /Usar agora: https?:\/\/[^/\s]+(\/gift-card\/resgatar\?code=[0-9a-f-]{36})/);
  await page.goto(path as string);
  await expect(page.getByText('R$ 80,00').first()).toBeVisible();
});
