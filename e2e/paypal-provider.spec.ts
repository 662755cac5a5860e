import { expect, test, type Page } from '@playwright/test';
import { startPaypalStandIn, type PaypalStandIn } from '../tests/support/stand-ins/paypal/server';
import { uniqueEmail } from './helpers/accounts';
import { field, choosePaypalFromAbroad, raisedOn as raisedOnPage } from './helpers/checkout';
import { startOwnServer, type OwnServer } from './helpers/own-server';

/**
 * PAYMENT_PAYPAL_PROVIDER=paypal in Chromium (issue 25): a donor abroad gives R$ 12,34, approves on
 * PayPal (the stand-in speaking Orders v2, tests/support/stand-ins/paypal), comes back, and reads the
 * thank-you page with the amount; PayPal holds one capture of 12.34 BRL and the campaign's total grew.
 * The suite's own server stays on the embedded sandbox (`npm start`'s default): this spec starts a
 * second one, configured for PayPal, with its own data folder and port.
 */

const SLUG = 'cozinha-solidaria-recife';
let paypal: PaypalStandIn;
let server: OwnServer;
let site = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  paypal = await startPaypalStandIn();
  server = await startOwnServer({
    PAYMENT_PAYPAL_PROVIDER: 'paypal',
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: 'WH-E2E-STAND-IN',
    PAYPAL_API_URL: paypal.url,
  });
  site = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  await paypal?.close();
});

/** The campaign's raised amount, as its page on the PayPal-configured server shows it. */
const raisedOn = (page: Page) => raisedOnPage(page, `${site}/${SLUG}`);

test('a donor abroad gives R$ 12,34 through PayPal, approves on PayPal and reads the thank-you page with the amount', async ({ page }) => {
  const before = await raisedOn(page);
  await page.goto(`${site}/${SLUG}/donate?amount=12.34`);
  await expect(page.getByTestId('summary-amount')).toHaveText('R$ 12,34');
  await page.getByLabel('Sou estrangeiro / I live outside Brazil').check();
  await field(page, 'Nome completo').fill('John Smith');
  await field(page, 'E-mail').fill(uniqueEmail('paypal-real'));
  await field(page, 'Telefone').fill('+1 555 123 4567');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await choosePaypalFromAbroad(page);
  await page.getByRole('button', { name: 'Doar R$ 12,34' }).click();

  // PayPal's page (the stand-in), with the order as PayPal received it.
  await expect(page).toHaveURL(new RegExp(`^${paypal.url}/checkoutnow\\?token=`));
  await expect(page.getByText('Total:')).toHaveText('Total: R$ 12,34');
  await page.getByRole('button', { name: 'Pagar agora' }).click();

  // Back on the site: the return captures the order, and the page says what was given.
  await expect(page).toHaveURL(new RegExp(`^${site}/doacao-confirmacao/agradecimento\\?donation=[0-9a-f-]{36}&campaign=${SLUG}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recebemos sua doação!');
  await expect(
    page.getByText('Sua doação de R$ 12,34 já está a caminho da campanha. O recibo foi enviado para o seu e-mail.'),
  ).toBeVisible();
  const captures = [...paypal.ledger.captures.values()];
  expect(captures.map((capture) => [capture.status, capture.amountCents])).toEqual([['COMPLETED', 1234]]);
  await expect.poll(() => raisedOn(page), { timeout: 15_000 }).toBe(before + 1234);
});
