import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, DEMO_ADMIN, newIndividual, randomCpf, signInThroughForm, uniqueEmail } from './helpers/accounts';
import { signInWithCookies } from './helpers/session';
import { bearer } from './helpers/team';

/**
 * Issue 23 item 5: a R$ 100,00 card paid R$ 60,00, its holder redeemed the other R$ 40,00 into the
 * wallet, an admin refunds the R$ 60,00: the admin reads where the money went, and the holder's wallet
 * shows R$ 100,00.
 */

const SLUG = 'cozinha-solidaria-recife';
const address = {
  country: 'BR',
  zip_code: '50030-230',
  state: 'PE',
  city: 'Recife',
  neighborhood: 'Boa Vista',
  street_address: 'Rua da Aurora',
  complement: '',
  house_number: '100',
};
const key = () => `e2e-${crypto.randomUUID()}`;

/** A printable R$ 100,00 card bought through the API with a sandbox test card; answers its code. */
async function buyCard(request: APIRequestContext): Promise<string> {
  const card = await request.post('/sandbox-gateway/v1/tokens', {
    data: { card_number: '4242424242424242', exp_date: '12/34', cvv: '123', holder_name: 'Maria Teste', holder_document: '52998224725' },
  });
  expect(card.status(), await card.text()).toBe(201);
  const order = await request.post('/api/v1/gift-card-orders', {
    headers: { 'idempotency-key': key() },
    data: {
      definition: {
        value: 10_000,
        quantity: 1,
        template: 'girassol',
        message: 'Escolha uma causa.',
        from: 'Maria',
        shipping: { mode: 'pdf' },
      },
      contact: { name: 'Maria Teste', email: uniqueEmail('compra'), cpf: randomCpf(), telephone: '81987654321' },
      payment: { method: 'card', card_token: ((await card.json()) as { token: string }).token, save_card: false },
      address,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  return ((await order.json()) as { order: { cards: { code: string }[] } }).order.cards[0]!.code;
}

const headerBalance = (page: Page, reais: string) =>
  page.getByRole('link', { name: new RegExp(`^Saldo R\\$\\s${reais}: abrir carteira$`) });

test("a refund of what a redeemed card paid goes to its holder's wallet, as the admin and the holder read it", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const holder = await createAccount(request, newIndividual({ name: 'Helena Rocha' }));
  const auth = await bearer(request, holder);
  const code = await buyCard(request);
  const gift = await request.post(`/api/v1/campaigns/${SLUG}/donations`, {
    headers: { ...auth, 'idempotency-key': key() },
    data: {
      amount: 6000,
      payment: { method: 'gift_card', code },
      contact: { name: holder.name, email: holder.email, cpf: randomCpf(), telephone: '81987654321' },
      address,
      message: null,
      is_anonymous: false,
    },
  });
  expect(gift.status(), await gift.text()).toBe(201);
  const redeemed = await request.post('/api/v1/gift-cards/redemptions', { headers: auth, data: { code } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);

  // The admin refunds the R$ 60,00 and reads, before and after, where it goes.
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto(`/admin/donations?q=${encodeURIComponent(holder.email)}`);
  await page.getByRole('table', { name: 'Doações' }).getByRole('link', { name: 'Helena Rocha' }).first().click();
  const detail = page.getByRole('region', { name: 'Doação' });
  await detail.getByLabel(/^Valor a reembolsar/).fill('60');
  await detail.getByLabel(/^Motivo/).fill('A doadora pediu de volta');
  await detail.getByRole('button', { name: 'Reembolsar' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('se já foi resgatado, vai para a carteira de quem o resgatou');
  await confirm.getByRole('button', { name: 'Reembolsar R$ 60,00' }).click();
  await expect(detail.getByRole('listitem', { name: 'Reembolso de R$ 60,00: feito' })).toBeVisible();
  await expect(detail.getByRole('listitem').filter({ hasText: /^Resgate de gift card/ })).toContainText(
    /Gift card −R\$\s60,00 · Carteira de Helena Rocha \+R\$\s60,00/,
  );

  // The holder's wallet: R$ 40,00 redeemed plus the R$ 60,00 given back.
  const context = await browser.newContext({ baseURL });
  const wallet = await context.newPage();
  await signInWithCookies(wallet, baseURL!, holder);
  await wallet.goto('/profile/wallet');
  await expect(headerBalance(wallet, '100,00')).toBeVisible();
  const credits = wallet.getByRole('heading', { name: 'Seus créditos' }).locator('..');
  await expect(credits.getByRole('listitem').filter({ hasText: 'Estorno' })).toContainText('R$ 60,00');
  await context.close();
});
