import { expect, test, type Page } from '@playwright/test';
import { makeTestCertificates, type TestCertificates } from '../tests/support/stand-ins/api-pix/certs';
import { apiPixEnv, startApiPixStandIn, type ApiPixStandIn } from '../tests/support/stand-ins/api-pix';
import { startBankApp, type BankApp } from '../tests/support/stand-ins/api-pix/bank-app';
import { createAccount, newIndividual, randomCpf, signInThroughForm, uniqueEmail } from './helpers/accounts';
import { field, fillAddress } from './helpers/checkout';
import { startOwnServer, type OwnServer } from './helpers/own-server';

/**
 * PIX from the NGO's own bank (issue 27): a Semear server with PAYMENT_PIX_PROVIDER=api-pix against the
 * mutual-TLS stand-in of the Central Bank's API Pix, and the stand-in's "bank app" where the donor pastes
 * the PIX copia e cola and pays. A one-time PIX reaches the thank-you page; a monthly PIX (Pix Automático)
 * is authorised with its first month in one payment and the credit shows in the header without a reload.
 */

const SLUG = 'cozinha-solidaria-recife';
const credentials = { clientId: 'semear-e2e', clientSecret: 'semear-e2e-secret' };
let certs: TestCertificates;
let bank: ApiPixStandIn;
let bankApp: BankApp;
let server: OwnServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  certs = makeTestCertificates();
  bank = await startApiPixStandIn(certs, credentials);
  bankApp = await startBankApp(bank);
  server = await startOwnServer(apiPixEnv(bank, certs, credentials));
});
test.afterAll(async () => {
  await server?.stop();
  await bankApp?.close();
  await bank?.control.close();
  certs?.remove();
});

/** The donor pays the code shown on `page` in their bank app (another tab). */
async function payInBankApp(page: Page, button: 'Pagar' | 'Pagar e autorizar') {
  const code = await page.getByLabel('PIX copia e cola').inputValue();
  const app = await page.context().newPage();
  await app.goto(bankApp.url);
  await app.getByLabel('Pix Copia e Cola').fill(code);
  await app.getByRole('button', { name: 'Continuar' }).click();
  await app.getByRole('button', { name: button, exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Pagamento concluído' })).toBeVisible();
  await app.close();
}

test('a PIX donation charged by the bank reaches the thank-you page once paid in the bank app', async ({ page }) => {
  await page.goto(`${server.url}/${SLUG}/donate?amount=35`);
  await field(page, 'Nome completo').fill('Ana Souza');
  await field(page, 'CPF').fill(randomCpf());
  await field(page, 'E-mail').fill(uniqueEmail('api-pix'));
  await field(page, 'Telefone').fill('81987654321');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('PIX').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Doar R$ 35,00' }).click();

  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  const sent = bank.control.requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/api/v2/cob/')).at(-1);
  expect(sent?.body).toMatchObject({ valor: { original: '35.00', modalidadeAlteracao: 0 } });
  await payInBankApp(page, 'Pagar');
  await expect(page).toHaveURL(/\/doacao-confirmacao\/agradecimento\?donation=/, { timeout: 20_000 });
  await expect(page.getByText('Sua doação de R$ 35,00 já está a caminho da campanha.', { exact: false })).toBeVisible();
});

test('a monthly PIX: one payment in the bank app pays the first month and authorises Pix Automático; the header shows the credit live', async ({
  page,
  request,
}) => {
  const donor = await createAccount(request, newIndividual(), server);
  await signInThroughForm(page, donor, `${server.url}/signin`);
  await page.goto(`${server.url}/doacao-mensal/checkout?amount=50`);
  await expect(field(page, 'E-mail')).toHaveValue(donor.email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pagamento' })).toBeFocused();
  await page.getByLabel('PIX').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Assinar doação mensal de R$ 50,00' }).click();

  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  const rec = bank.control.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/rec').at(-1);
  expect(rec?.body).toMatchObject({ valor: { valorMinimoRecebedor: '50.00' }, calendario: { periodicidade: 'MENSAL' } });
  await expect(page.getByRole('link', { name: /^Saldo R\$\s0,00: abrir carteira$/ })).toBeVisible();
  await payInBankApp(page, 'Pagar e autorizar');

  await expect(page).toHaveURL(/\/doacao-mensal\/agradecimento$/, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: /^Saldo R\$\s50,00: abrir carteira$/ })).toBeVisible();
  await page.goto(`${server.url}/profile/wallet`);
  await expect(page.getByText('Pix Automático', { exact: true })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Ativa');
});
