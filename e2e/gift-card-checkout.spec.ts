import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createAccount, newIndividual, signInThroughForm, uniqueEmail } from './helpers/accounts';
import { field, fillAddress, fillCard } from './helpers/checkout';
import { appPathOf, signUpLinkTo, waitForMailMatching } from './helpers/mailbox';

/**
 * Buying personal gift cards (issue 12): defined on /gift-card/definition, paid by PIX on the sandbox
 * in the shared checkout, issued for a scheduled send, one sent now from the order's page; its
 * recipient's e-mail button leads to the card, a sign-up and back, the wallet's balance rising live,
 * and a donation from it.
 */

const SLUG = 'cozinha-solidaria-recife';

const headerBalance = (page: Page, reais: string) =>
  page.getByRole('link', { name: new RegExp(`^Saldo R\\$\\s${reais}: abrir carteira$`) });

async function defineCards(page: Page, recipients: ReadonlyArray<readonly [string, string]>) {
  await page.goto('/gift-card/definition');
  await page.getByLabel(/Valor de cada cartão/).fill('80');
  await page.getByLabel(/Quantidade de cartões/).fill(String(recipients.length));
  await page.getByRole('radio', { name: 'Girassol' }).check();
  await page.getByLabel(/^Mensagem/).fill('Feliz aniversário! Escolha uma causa.');
  await page.getByLabel(/De \(quem envia\)/).fill('Maria');
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Tomorrow at 09:00 (São Paulo): the form starts on tomorrow.
  await page.getByLabel('Por e-mail, no dia e hora que eu escolher').check();
  await page.getByLabel(/Hora do envio/).fill('09:00');
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

test('a visitor buys two cards by PIX for tomorrow and sends one now; its recipient signs up, redeems it live and gives with it', async ({
  page,
  context,
  browser,
}) => {
  // A purchase, a sign-up and a donation in two browsers: slow on a busy machine.
  test.slow();
  const ana = uniqueEmail('ana');
  const bruno = newIndividual({ name: 'Bruno Lima' });
  await defineCards(page, [
    ['Ana Souza', ana],
    ['Bruno Lima', bruno.email],
  ]);

  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento do gift card' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Resumo do pedido' });
  await expect(summary).toContainText('2 gift cards de R$ 80,00');
  await expect(summary).toContainText('R$ 160,00');
  // A buyer buys (issue 47, item 13): "Você doa como" was asked here.
  await expect(page.getByRole('group', { name: 'Você compra como' })).toBeVisible();
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

  await expect(page).toHaveURL(/\/gift-card\/agradecimento\?type=email_scheduled&order=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Obrigado! O envio está agendado' })).toBeVisible();
  await expect(page.getByText(new RegExp(`Será enviado para ${ana} em \\d{2}/\\d{2}/\\d{4},? 09:00`))).toBeVisible();
  await page.getByRole('group', { name: 'Envio do cartão de Bruno Lima' }).getByRole('button', { name: 'Enviar agora' }).click();
  await expect(page.getByText(`Enviado para ${bruno.email}`)).toBeVisible();
  await expect(page.getByText(new RegExp(`Será enviado para ${ana}`))).toBeVisible();

  // Bruno, in his own browser, opens the e-mail's button, signs up from the prompt and comes back to the card.
  const [, path] = await waitForMailMatching(bruno.email, /Usar agora: https?:\/\/[^/\s]+(\/gift-card\/resgatar\?code=[0-9a-f-]{36})/);
  const brunoContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const card = await brunoContext.newPage();
  await card.goto(path as string);
  await expect(card.getByText('R$ 80,00', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Guardar na minha carteira' }).click();
  await card.getByRole('dialog').getByRole('link', { name: 'Faça seu cadastro' }).click();
  await expect(card).toHaveURL(/\/signup\?return_url=/);
  await card.getByLabel('Pessoa física').check();
  await card.getByLabel('Nome completo').fill(bruno.name);
  await card.getByLabel('CPF').fill(bruno.cpf);
  await card.getByLabel('E-mail').fill(bruno.email);
  await card.getByLabel('Telefone').fill(bruno.phone);
  await card.getByLabel('Data de nascimento').fill('08/03/1992');
  await card.getByLabel('Senha').fill(bruno.password);
  await card.getByLabel(/termos de uso/).check();
  await card.getByRole('button', { name: 'Criar conta' }).click();
  await expect(card.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();
  // The mailed link creates the account and comes back to the card, signed in.
  await card.goto(appPathOf(await signUpLinkTo(bruno.email)));
  await expect(card).toHaveURL(/\/gift-card\/resgatar\?code=/);

  const wallet = await brunoContext.newPage();
  await wallet.goto('/profile/wallet');
  await expect(headerBalance(wallet, '0,00')).toBeVisible();
  await card.getByRole('button', { name: 'Guardar na minha carteira' }).click();
  await expect(headerBalance(wallet, '80,00')).toBeVisible();

  // He gives R$ 30,00 of it to a campaign from the wallet; R$ 50,00 stay.
  await wallet.goto(`/${SLUG}/donate?amount=30`);
  await wallet.getByRole('button', { name: 'Continuar' }).click();
  await wallet.getByLabel(/Saldo da carteira/).check();
  await wallet.getByRole('button', { name: 'Continuar' }).click();
  if ((await field(wallet, 'CEP').inputValue()) === '') await fillAddress(wallet);
  await wallet.getByRole('button', { name: 'Doar R$ 30,00' }).click();
  await expect(wallet).toHaveURL(/\/doacao-confirmacao\/agradecimento/);
  await expect(headerBalance(wallet, '50,00')).toBeVisible();
  await brunoContext.close();
});

test('a signed-in donor buys three cards to print, paying by card: the codes on the page, a PDF and a CSV to download again', async ({
  page,
  request,
}) => {
  const donor = await createAccount(request, newIndividual());
  await signInThroughForm(page, donor);
  await page.goto('/gift-card/definition');
  await page.getByLabel(/Valor de cada cartão/).fill('30');
  await page.getByLabel(/Quantidade de cartões/).fill('3');
  await page.getByRole('radio', { name: 'Natal' }).check();
  await page.getByLabel(/^Mensagem/).fill('Boas festas!');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Em PDF para eu imprimir e entregar').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();

  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Continuar' }).click();
  if ((await field(page, 'CEP').inputValue()) === '') await fillAddress(page);
  await page.getByRole('button', { name: 'Pagar R$ 90,00' }).click();

  await expect(page).toHaveURL(/\/gift-card\/agradecimento\?type=pdf&order=/, { timeout: 20_000 });
  await expect(page.locator('code')).toHaveCount(3);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar os cartões em PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^semear-gift-cards-[0-9a-f]{8}\.pdf$/);
  const bytes = await readFile((await file.path()) as string);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar os códigos (CSV)' }).click();
  const csv = await (await csvDownload).path();
  const lines = (await readFile(csv as string, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toBe('Nº;Código;Valor;Válido até;Recebedor;Link para usar');
});
