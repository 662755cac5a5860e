import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, DEMO_ADMIN, DEMO_DONOR, newIndividual, randomCpf, sessionToken, uniqueEmail } from './helpers/accounts';
import { field, fillAddress, fillCard } from './helpers/checkout';
import { reviewOneCard } from './helpers/gift-cards';
import { signInWithCookies } from './helpers/session';

/**
 * Issue 47, items 1-3 and 14, on a phone, with the server's state checked: a payment whose answer
 * never reached the browser is asked about after a reload (never paid twice), two tabs of one
 * gift-card order pay it once, a waiting PIX is still there after a reload, and a sign-out in another
 * tab is said, keeping what was typed.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SLUG = 'cozinha-solidaria-recife';
const APPROVED = '4111 1111 1111 1111';

async function fillGuestContact(page: Page, email: string) {
  await field(page, 'Nome completo').fill('Ana Souza');
  await field(page, 'CPF').fill(randomCpf());
  await field(page, 'E-mail').fill(email);
  await field(page, 'Telefone').fill('81987654321');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pagamento' })).toBeFocused();
}

/** The donations the server holds for a donor's e-mail, as the admin's list gives them. */
async function donationsOf(request: APIRequestContext, email: string): Promise<Array<{ status: string; amount: number }>> {
  const session = await request.post('/api/v1/sessions', { data: DEMO_ADMIN });
  const token = ((await session.json()) as { token: string }).token;
  const list = await request.get(`/api/v1/admin/donations?q=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(list.status(), await list.text()).toBe(200);
  return (await list.json()) as Array<{ status: string; amount: number }>;
}

test('a lost answer: one message and one way on, and the reload says the R$ 30,00 donation was confirmed; one donation', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('perdida');
  await page.goto(`/${SLUG}/donate?amount=30`);
  await fillGuestContact(page, email);
  await fillCard(page, APPROVED);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillAddress(page);
  // The request reaches the server and is charged; its answer never reaches the browser.
  await page.route('**/api/v1/campaigns/*/donations', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Doar R$ 30,00' }).click();
  await expect(page.getByText(/Não conseguimos falar com o servidor/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  await expect(page.getByText('Não foi possível concluir o pagamento. Tente de novo.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Doar/ })).toHaveCount(0);
  await page.unrouteAll();

  await page.reload();
  await expect(page).toHaveURL(/\/doacao-confirmacao\/agradecimento\?donation=/);
  await expect(page.getByText(/Sua doação de R\$\s30,00/)).toBeVisible();
  expect(await donationsOf(request, email)).toEqual([expect.objectContaining({ status: 'confirmed', amount: 3000 })]);

  // Nothing is left open: the checkout starts a new gift.
  await page.goto(`/${SLUG}/donate?amount=30`);
  await expect(page.getByRole('heading', { level: 2, name: 'Seus dados' })).toBeVisible();
});

test('a waiting PIX survives a reload: the same copia e cola until it is paid, then thanks; one donation', async ({ page, request }) => {
  const email = uniqueEmail('pix-espera');
  await page.goto('/doacao-pix');
  await page.getByLabel('R$ 50,00').check();
  await fillGuestContact(page, email);
  await page.getByRole('button', { name: 'Doar R$ 50,00' }).click();
  await expect(page.getByText('Aguardando pagamento…')).toBeVisible();
  const code = await page.getByLabel('PIX copia e cola').inputValue();
  expect(code).toMatch(/^000201/);

  await page.reload();
  await expect(page.getByText('Aguardando pagamento…')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  await expect(page.getByLabel('PIX copia e cola')).toHaveValue(code);

  const sandbox = await page.getByRole('link', { name: 'Pagar no ambiente de testes' }).getAttribute('href');
  const paid = await request.post(`/sandbox-gateway/v1/pix/${sandbox?.split('/').pop() ?? ''}/simulate-payment`);
  expect(paid.status(), await paid.text()).toBe(200);
  await expect(page).toHaveURL(/\/doacao-confirmacao\/agradecimento\?donation=/, { timeout: 20_000 });
  expect(await donationsOf(request, email)).toEqual([expect.objectContaining({ status: 'confirmed', amount: 5000 })]);
});

async function defineOneCard(page: Page) {
  await reviewOneCard(page, { reais: 33, name: 'Ana Souza', email: uniqueEmail('presente') });
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page).toHaveURL(/\/gift-card\/checkout$/);
}

async function payByCard(page: Page) {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillCard(page, APPROVED);
  await page.getByRole('button', { name: 'Continuar' }).click();
  if ((await field(page, 'CEP').inputValue()) === '') await fillAddress(page);
  await page.getByRole('button', { name: 'Pagar R$ 33,00' }).click();
}

test('two tabs of one gift-card order: the first pays it, the second is told it is paid; one order', async ({ page, context, baseURL }) => {
  const buyer = await createAccount(page.request, newIndividual({ name: 'Maria Compradora' }));
  await signInWithCookies(page, baseURL ?? '', buyer);
  await defineOneCard(page);

  // A duplicated tab: the browser copies the tab's sessionStorage (the draft) into the new one.
  const draft = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  const second = await context.newPage();
  await second.addInitScript((entries: string) => {
    if (sessionStorage.length > 0) return;
    for (const [key, value] of JSON.parse(entries) as Array<[string, string]>) sessionStorage.setItem(key, value);
  }, draft);
  await second.goto('/gift-card/checkout');
  await expect(second.getByRole('heading', { level: 2, name: 'Seus dados' })).toBeVisible();

  await payByCard(page);
  await expect(page).toHaveURL(/\/gift-card\/agradecimento\?type=email_now&order=/);

  await payByCard(second);
  await expect(second.getByText('Este pedido já foi pago. Para comprar outros cartões, comece um novo pedido.')).toBeVisible();
  await expect(second).toHaveURL(/\/gift-card\/checkout$/);

  const token = await sessionToken(page);
  const contributions = await page.request.get('/api/v1/contributions', { headers: { Authorization: `Bearer ${token}` } });
  expect(contributions.status(), await contributions.text()).toBe(200);
  const orders = new Set(
    ((await contributions.json()) as Array<{ gift_card_order_id: string | null }>).map((c) => c.gift_card_order_id).filter(Boolean),
  );
  expect(orders.size).toBe(1);
});

test('signed out in another tab: the checkout says so, drops the wallet and keeps the typed address', async ({ context, baseURL }) => {
  const page = await context.newPage();
  await signInWithCookies(page, baseURL ?? '', DEMO_DONOR);
  await page.goto(`/${SLUG}/donate?amount=30`);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel(/Saldo da carteira \(R\$/)).toBeEnabled();
  await page.getByLabel(/Saldo da carteira/).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  if ((await field(page, 'CEP').inputValue()) === '') await fillAddress(page);
  await field(page, 'Complemento').fill('Apto 1203, bloco B');
  // The tab listens on its BroadcastChannel once the browser is idle.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));

  const other = await context.newPage();
  await other.goto('/profile');
  await other.getByRole('button', { name: 'Sair' }).click();
  await expect(other).toHaveURL(/\/$/);

  await expect(page.getByText(/^Você saiu da sua conta\. O que você digitou continua aqui/)).toBeVisible();
  await expect(field(page, 'Complemento')).toHaveValue('Apto 1203, bloco B');
  await expect(field(page, 'Cidade')).not.toHaveValue('');
  // The wallet needed the account: paying goes back to choose another way, nothing preselected.
  await page.getByRole('button', { name: 'Doar R$ 30,00' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pagamento' })).toBeVisible();
  await expect(page.getByLabel(/Saldo da carteira/)).not.toBeChecked();
});
