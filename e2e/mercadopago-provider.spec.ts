import { expect, test } from '@playwright/test';
import { mercadoPagoEnv, startMercadoPagoStandIn, type MercadoPagoStandIn } from '../tests/support/stand-ins/mercadopago';
import { randomCpf, uniqueEmail } from './helpers/accounts';
import { field, fillAddress } from './helpers/checkout';
import { startOwnServer, type OwnServer } from './helpers/own-server';

/**
 * Cards and PIX through Mercado Pago (issue 25): a Semear server with PAYMENT_CARD_PROVIDER and
 * PAYMENT_PIX_PROVIDER=mercadopago against the stand-in that speaks its API. The card is tokenised in
 * Chromium by the stand-in's copy of Mercado Pago's script (MERCADOPAGO_SDK_URL), so the number goes to
 * "Mercado Pago", never to our API; the PIX moves on when Mercado Pago's signed notification arrives.
 */

const SLUG = 'cozinha-solidaria-recife';
const ACCESS_TOKEN = 'APP_USR-e2e-access-token';
const PUBLIC_KEY = 'APP_USR-e2e-public-key';
const WEBHOOK_SECRET = 'mercadopago-e2e-webhook-secret';
let mp: MercadoPagoStandIn;
let server: OwnServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  mp = await startMercadoPagoStandIn({ accessToken: ACCESS_TOKEN, publicKey: PUBLIC_KEY });
  server = await startOwnServer(mercadoPagoEnv(mp, { accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET }));
});
test.afterAll(async () => {
  await server?.stop();
  await mp?.control.close();
});

async function contactStep(page: import('@playwright/test').Page, reais: number) {
  await page.goto(`${server.url}/${SLUG}/donate?amount=${reais}`);
  await field(page, 'Nome completo').fill('Ana Souza');
  await field(page, 'CPF').fill(randomCpf());
  await field(page, 'E-mail').fill(uniqueEmail('mercadopago'));
  await field(page, 'Telefone').fill('81987654321');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pagamento' })).toBeFocused();
}

test("a card donation is tokenised by Mercado Pago's script and reaches the thank-you page", async ({ page }) => {
  const toOurApi: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(server.url) && request.postData()?.includes('4235647728025682')) toOurApi.push(request.url());
  });
  await contactStep(page, 25);
  await page.getByLabel('Cartão de crédito').check();
  await field(page, 'Número do cartão').fill('4235 6477 2802 5682');
  await field(page, 'Validade (MM/AA)').fill('11/30');
  await field(page, 'CVV').fill('123');
  await field(page, 'Nome do titular').fill('Ana Souza');
  await field(page, 'CPF ou CNPJ do titular').fill('529.982.247-25');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Doar R$ 25,00' }).click();

  await expect(page).toHaveURL(/\/doacao-confirmacao\/agradecimento\?donation=/, { timeout: 20_000 });
  await expect(page.getByText('Sua doação de R$ 25,00 já está a caminho da campanha.', { exact: false })).toBeVisible();
  // The card went to the stand-in's token endpoint, and our API got only the token.
  const tokenised = mp.control.requests.filter((r) => r.method === 'POST' && r.path === '/v1/card_tokens' && !r.headers.authorization);
  expect(tokenised).toHaveLength(1);
  const charged = mp.control.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments');
  expect(charged.at(-1)?.body).toMatchObject({ transaction_amount: 25, payment_method_id: 'visa' });
  expect(toOurApi).toEqual([]);
});

test("a PIX donation shows Mercado Pago's code and moves on by itself when its notification says paid", async ({ page }) => {
  await contactStep(page, 40);
  await page.getByLabel('PIX').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Doar R$ 40,00' }).click();

  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  const pix = mp.control.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/payments' && (r.body as { payment_method_id?: string }).payment_method_id === 'pix',
  );
  const reference = (pix.at(-1)?.body as { external_reference: string }).external_reference;
  const [payment] = mp.control.paymentsFor(reference);
  await expect(page.getByLabel('PIX copia e cola')).toHaveValue(payment!.point_of_interaction.transaction_data!.qr_code!);

  mp.control.approve(String(payment!.id));
  const sent = await mp.control.sendWebhook(String(payment!.id), {
    secret: WEBHOOK_SECRET,
    url: `${server.url}/api/v1/payments/webhooks/mercadopago`,
  });
  expect(sent.status).toBe(204);
  await expect(page).toHaveURL(/\/doacao-confirmacao\/agradecimento\?donation=/, { timeout: 20_000 });
  await expect(page.getByText('Sua doação de R$ 40,00 já está a caminho da campanha.', { exact: false })).toBeVisible();
});
