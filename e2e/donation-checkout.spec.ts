import { expect, test, type Page } from '@playwright/test';
import { DEMO_DONOR, randomCpf, signInThroughForm, uniqueEmail } from './helpers/accounts';
import { field, fillAddress, fillCard, choosePaypalFromAbroad, raisedOn as raisedOnPage } from './helpers/checkout';

/**
 * One-time donations through the checkout (issue 3 "Must show"): guest card (declined first, then
 * approved), signed-in saved card, PIX paid on the sandbox with the page moving on by itself, a
 * foreigner paying by PayPal, the demo gift card code and the demo donor's wallet. Each ends with the
 * campaign's total on /{slug} up by the amount given.
 */

const SLUG = 'cozinha-solidaria-recife';
const GIFT_CARD = '6f1c2a9e-3b7d-4c8e-9a1f-2d5e7b8c9a10';
/** The thank-you page, with the campaign given to (it offers to share it). */
// The thank-you URL carries the donation's id (the page reads its amount from the API), never the amount.
const thanks = (_reais: number) => new RegExp(`/doacao-confirmacao/agradecimento\\?donation=[0-9a-f-]{36}&campaign=${SLUG}$`);

/** The raised amount as /{slug} shows it. */
const raisedOn = (page: Page) => raisedOnPage(page, `/${SLUG}`);

async function expectRaisedBy(page: Page, before: number, amount: number) {
  await expect.poll(() => raisedOn(page), { timeout: 15_000 }).toBe(before + amount);
}

async function fillContact(page: Page, person: { name: string; email: string; cpf?: string; phone: string; foreigner?: boolean }) {
  if (person.foreigner) await page.getByLabel('Sou estrangeiro / I live outside Brazil').check();
  await field(page, 'Nome completo').fill(person.name);
  if (person.cpf) await field(page, 'CPF').fill(person.cpf);
  await field(page, 'E-mail').fill(person.email);
  await field(page, 'Telefone').fill(person.phone);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pagamento' })).toBeFocused();
}

const guest = () => ({ name: 'Ana Souza', email: uniqueEmail('doacao'), cpf: randomCpf(), phone: '81987654321' });

test.describe('donation checkout', () => {
  test('guest card: a declined card keeps the form filled, then an approved one gives', async ({ page }) => {
    const before = await raisedOn(page);
    await page.goto(`/${SLUG}/donate?amount=50`);
    await expect(page.getByTestId('summary-amount')).toHaveText('R$ 50,00');
    await fillContact(page, guest());
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await fillAddress(page);
    await page.getByRole('button', { name: 'Doar R$ 50,00' }).click();

    await expect(page.getByRole('alert')).toContainText('Pagamento recusado pelo banco emissor');
    await expect(field(page, 'Número do cartão')).toHaveValue('4000 0000 0000 0002');
    await expect(field(page, 'Nome do titular')).toHaveValue('Ana Souza');
    await field(page, 'Número do cartão').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(field(page, 'Cidade')).toHaveValue('Recife');
    await page.getByRole('button', { name: 'Doar R$ 50,00' }).click();

    await expect(page).toHaveURL(thanks(50));
    await expectRaisedBy(page, before, 5000);
  });

  test('signed-in donor saves a card, then gives with the saved card', async ({ page }) => {
    await signInThroughForm(page, DEMO_DONOR);
    const before = await raisedOn(page);
    await page.goto(`/${SLUG}/donate?amount=30`);
    // Prefilled from the profile.
    await expect(field(page, 'E-mail')).toHaveValue(DEMO_DONOR.email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await fillCard(page, '5555 5555 5555 4444');
    await page.getByLabel('Salvar este cartão').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    if (await page.getByRole('button', { name: 'Usar meu endereço cadastrado' }).isVisible())
      await page.getByRole('button', { name: 'Usar meu endereço cadastrado' }).click();
    if ((await field(page, 'CEP').inputValue()) === '') await fillAddress(page);
    await page.getByRole('button', { name: 'Doar R$ 30,00' }).click();
    await expect(page).toHaveURL(thanks(30));

    await page.goto(`/${SLUG}/donate?amount=30`);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Meus cartões').check();
    await page
      .getByLabel(/MASTERCARD •••• 4444/)
      .first()
      .check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    if ((await field(page, 'CEP').inputValue()) === '') await fillAddress(page);
    await page.getByRole('button', { name: 'Doar R$ 30,00' }).click();
    await expect(page).toHaveURL(thanks(30));
    await expectRaisedBy(page, before, 6000);
  });

  test('PIX paid on the sandbox: the checkout moves to thank-you by itself', async ({ page, context }) => {
    const before = await raisedOn(page);
    await page.goto(`/${SLUG}/donate?amount=100`);
    await fillContact(page, guest());
    await page.getByLabel('PIX').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await fillAddress(page);
    await page.getByRole('button', { name: 'Doar R$ 100,00' }).click();

    await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
    await expect(page.getByLabel('PIX copia e cola')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
    await expect(page.getByText(/^\d{2}:\d{2}$/)).toBeVisible();
    const sandbox = await page.getByRole('link', { name: 'Pagar no ambiente de testes' }).getAttribute('href');
    const txid = sandbox?.split('/').pop() ?? '';
    const paid = await context.request.post(`/sandbox-gateway/v1/pix/${txid}/simulate-payment`);
    expect(paid.status(), await paid.text()).toBe(200);

    await expect(page).toHaveURL(thanks(100), { timeout: 20_000 });
    await expectRaisedBy(page, before, 10000);
  });

  test('a foreigner pays by PayPal on the sandbox approval page', async ({ page }) => {
    const before = await raisedOn(page);
    await page.goto(`/${SLUG}/donate?amount=50`);
    await fillContact(page, { foreigner: true, name: 'John Smith', email: uniqueEmail('paypal'), phone: '+1 555 123 4567' });
    // PayPal is the only method offered to foreigners.
    await expect(page.getByRole('group', { name: 'Forma de pagamento' }).getByRole('radio')).toHaveCount(1);
    await choosePaypalFromAbroad(page);
    await page.getByRole('button', { name: 'Doar R$ 50,00' }).click();

    await expect(page).toHaveURL(/\/sandbox-gateway\/paypal\/orders\/.+\/approve/);
    await page.getByRole('button', { name: 'Aprovar pagamento' }).click();
    await expect(page).toHaveURL(thanks(50));
    await expectRaisedBy(page, before, 5000);
  });

  test('gift card code: an invalid code is refused, the demo code pays', async ({ page }) => {
    const before = await raisedOn(page);
    await page.goto(`/${SLUG}/donate?amount=50`);
    await fillContact(page, guest());
    await page.getByLabel('Código de gift card').check();
    await field(page, 'Código do gift card').fill('1234');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Código inserido é inválido')).toBeVisible();
    await field(page, 'Código do gift card').fill(GIFT_CARD);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await fillAddress(page);
    await page.getByRole('button', { name: 'Doar R$ 50,00' }).click();
    await expect(page).toHaveURL(thanks(50));
    await expectRaisedBy(page, before, 5000);
  });

  test('wallet: the demo donor gives from the wallet balance', async ({ page }) => {
    await signInThroughForm(page, DEMO_DONOR);
    const before = await raisedOn(page);
    await page.goto(`/${SLUG}/donate?amount=30`);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByLabel(/Saldo da carteira \(R\$/)).toBeEnabled();
    await page.getByLabel(/Saldo da carteira/).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    if ((await field(page, 'CEP').inputValue()) === '') await fillAddress(page);
    await page.getByRole('button', { name: 'Doar R$ 30,00' }).click();
    await expect(page).toHaveURL(thanks(30));
    await expectRaisedBy(page, before, 3000);
  });

  test('/doacao-pix: a PIX to the general fund, paid on the sandbox, moves on by itself and counts in the platform total', async ({
    page,
    context,
  }) => {
    const raised = async () => ((await (await context.request.get('/api/v1/stats/totals')).json()) as { raised: number }).raised;
    const before = await raised();
    await page.goto('/doacao-pix');
    await expect(page.getByLabel('Para onde vai sua doação')).toHaveValue('');
    await page.getByLabel('R$ 50,00').check();
    await fillContact(page, guest());
    await page.getByRole('button', { name: 'Doar R$ 50,00' }).click();
    await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
    const sandbox = await page.getByRole('link', { name: 'Pagar no ambiente de testes' }).getAttribute('href');
    const paid = await context.request.post(`/sandbox-gateway/v1/pix/${sandbox?.split('/').pop() ?? ''}/simulate-payment`);
    expect(paid.status(), await paid.text()).toBe(200);
    // The general fund has no campaign to share: the thank-you link carries the donation only.
    await expect(page).toHaveURL(/\/doacao-confirmacao\/agradecimento\?donation=[0-9a-f-]{36}$/, { timeout: 20_000 });
    expect(await raised()).toBe(before + 5000);
  });

  test('/doacao-pix has no foreigner option and sends people abroad to a campaign page (PayPal)', async ({ page }) => {
    await page.goto('/doacao-pix');
    await expect(page.getByRole('heading', { level: 2, name: 'Seus dados' })).toBeVisible();
    await expect(page.getByLabel('Sou estrangeiro / I live outside Brazil')).toHaveCount(0);
    await page.getByRole('link', { name: 'escolha uma campanha' }).click();
    await expect(page).toHaveURL(/\/search/);
  });

  test('?error shows our text for known codes and a generic one otherwise, never the raw value', async ({ page }) => {
    await page.goto(`/${SLUG}/donate?amount=50&error=paypal_cancelled`);
    await expect(page.getByRole('alert')).toHaveText('O pagamento pelo PayPal foi cancelado.');
    await page.goto(`/${SLUG}/donate?amount=50&error=${encodeURIComponent('<b>ganhe dinheiro</b>')}`);
    await expect(page.getByRole('alert')).toHaveText('O pagamento não foi concluído. Confira os dados e tente de novo.');
    await expect(page.getByText('ganhe dinheiro')).toHaveCount(0);
  });
});
