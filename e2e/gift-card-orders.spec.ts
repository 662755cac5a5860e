import { expect, test, type Page } from '@playwright/test';
import { createAccount, newIndividual, signInThroughForm, uniqueEmail } from './helpers/accounts';
import { field, fillAddress } from './helpers/checkout';
import { defineCompanyCard, fillCompanyContact } from './helpers/gift-cards';

/**
 * Issue 22, the gift-card orders a buyer walks through in one tab: the order paid is always the one on
 * screen (a second order after Back pays its own total, in pt and en); a paid order is not offered
 * again and a scheduled send that has passed is caught on the shipping step; each order page says
 * what is true of the order (declined, scheduled); a company pays with its own card (CNPJ).
 */

/** The words the walk reads, in the two languages it is tried in. */
const WORDS = {
  pt: {
    value: /Valor de cada cartão/,
    quantity: /Quantidade de cartões/,
    message: /^Mensagem/,
    from: /De \(quem envia\)/,
    next: 'Continuar',
    pdf: 'Em PDF para eu imprimir e entregar',
    toPayment: 'Continuar para o pagamento',
    summary: 'Resumo do pedido',
    card: (each: string) => `1 gift card de R$ ${each}`,
    pay: (total: string) => `Pagar R$ ${total}`,
    ready: 'Obrigado! Seu cartão está pronto',
    creditCard: 'Cartão de crédito',
    cardFields: ['Número do cartão', 'Validade (MM/AA)', 'CVV', 'Nome do titular'],
    // Read by its start: the same field whichever documents it takes.
    holderDocument: /^CPF.* do titular/,
    zip: 'CEP',
    address: ['Cidade', 'Rua', 'Número'],
  },
  en: {
    value: /Value of each card/,
    quantity: /Number of cards/,
    message: /^Message/,
    from: /From \(who sends it\)/,
    next: 'Continue',
    pdf: 'As a PDF for me to print and hand over',
    toPayment: 'Continue to payment',
    summary: 'Order summary',
    card: (each: string) => `1 gift card of R$ ${each}`,
    pay: (total: string) => `Pay R$ ${total}`,
    ready: 'Thank you! Your card is ready',
    creditCard: 'Credit card',
    cardFields: ['Card number', 'Expiry (MM/YY)', 'CVV', 'Cardholder name'],
    holderDocument: /CPF/,
    zip: 'Postal code (CEP)',
    address: ['City', 'Street', 'Number'],
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/** One card to print, of `reais`, defined on /gift-card/definition (or changed there): on to the checkout. */
async function definePrintedCard(page: Page, w: Words, reais: string) {
  await page.getByLabel(w.value).fill(reais);
  await page.getByLabel(w.quantity).fill('1');
  await page.getByRole('radio').first().check();
  await page.getByLabel(w.message).fill('Boas festas!');
  // The signed-in buyer's name is the sender, once the account is read (it can come after the form).
  await expect(page.getByLabel(w.from)).not.toHaveValue('');
  await page.getByRole('button', { name: w.next }).click();
  await page.getByLabel(w.pdf).check();
  await page.getByRole('button', { name: w.next }).click();
  await page.getByRole('button', { name: w.toPayment }).click();
  await expect(page).toHaveURL(/\/gift-card\/checkout$/);
}

/** From wherever the checkout opens to its last step, paying by a new card; the address typed if the account has none. */
async function payByCard(page: Page, w: Words, total: string, number = '4111 1111 1111 1111') {
  await expect(page.getByRole('region', { name: w.summary })).toBeVisible();
  // A signed-in buyer's details are prefilled; progress kept in the tab may open the payment step directly.
  if (await page.getByLabel(w.creditCard).isHidden()) await page.getByRole('button', { name: w.next }).click();
  await page.getByLabel(w.creditCard).check();
  const [cardNumber, expiry, cvv, holder] = w.cardFields;
  await field(page, cardNumber).fill(number);
  await field(page, expiry).fill('12/34');
  await field(page, cvv).fill('123');
  await field(page, holder).fill('Ana Souza');
  await page.getByLabel(w.holderDocument).fill('529.982.247-25');
  await page.getByRole('button', { name: w.next }).click();
  if ((await field(page, w.zip).inputValue()) === '') {
    await field(page, w.zip).fill('50030-230');
    const [city, street, houseNumber] = w.address;
    await field(page, city).fill('Recife');
    await field(page, street).fill('Rua da Aurora');
    await field(page, houseNumber).fill('100');
  }
  await page.getByRole('button', { name: w.pay(total) }).click();
}

for (const locale of ['pt', 'en'] as const) {
  test(`item 1 (${locale}): after Back, a second order in the same tab shows and pays its own total, never the first one's`, async ({
    page,
    request,
  }) => {
    // Purchases in real Chromium against the real server: 30-50 s on CI's machines, about 75 s for a retry
    // recording its trace. Not test.slow() (270 s): a step that never came kept a lane waiting 4.5 min.
    test.setTimeout(150_000);
    const w = WORDS[locale];
    await signInThroughForm(page, await createAccount(request, newIndividual()));
    await page.goto('/gift-card/definition');
    if (locale === 'en') await page.getByLabel('Idioma').selectOption('en');
    await definePrintedCard(page, w, '45');
    const summary = page.getByRole('region', { name: w.summary });
    await expect(summary).toContainText(w.card('45,00'));
    // The buyer's details are taken (kept in the tab as progress), then they go back and change the card.
    await page.getByRole('button', { name: w.next }).click();
    await expect(page.getByLabel(w.creditCard)).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/gift-card\/definition$/);
    await definePrintedCard(page, w, '60');
    await expect(summary).toContainText(w.card('60,00'));
    await expect(summary).not.toContainText('45,00');
    await payByCard(page, w, '60,00');

    await expect(page).toHaveURL(/\/gift-card\/agradecimento\?type=pdf&order=/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: w.ready })).toBeVisible();
    await expect(page.getByText(/1 × R\$ 60,00 · total R\$ 60,00/)).toBeVisible();
  });
}

test('item 2: a paid order is not offered again (Back, the definition page); a scheduled send passed meanwhile is caught on the shipping step', async ({
  page,
  request,
}) => {
  // Purchases in real Chromium against the real server: 30-50 s on CI's machines, about 75 s for a retry
  // recording its trace. Not test.slow() (270 s): a step that never came kept a lane waiting 4.5 min.
  test.setTimeout(150_000);
  const w = WORDS.pt;
  await page.clock.install();
  await signInThroughForm(page, await createAccount(request, newIndividual()));
  await page.goto('/gift-card/definition');
  await definePrintedCard(page, w, '30');
  await payByCard(page, w, '30,00');
  await expect(page.getByRole('heading', { level: 1, name: w.ready })).toBeVisible({ timeout: 20_000 });

  // Back: the order just paid is said to be paid, not offered to pay again.
  await page.goBack();
  await expect(page).toHaveURL(/\/gift-card\/checkout$/);
  await expect(page.getByText('Este pedido já foi pago. Os cartões estão na página do pedido.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: w.summary })).toHaveCount(0);
  await page.getByRole('link', { name: 'Montar um novo pedido' }).click();
  await expect(page.getByRole('heading', { name: '1. O cartão' })).toBeVisible();
  await expect(page.getByLabel(w.value)).toHaveValue('');

  // A new order sent tomorrow at 09:00, paused on the checkout until that moment has passed.
  await page.getByLabel(w.value).fill('50');
  await page.getByLabel(w.quantity).fill('1');
  await page.getByRole('radio', { name: 'Girassol' }).check();
  await page.getByLabel(w.message).fill('Feliz aniversário!');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Por e-mail, no dia e hora que eu escolher').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  const ana = uniqueEmail('ana');
  const card = page.getByRole('group', { name: 'Cartão 1' });
  await card.getByLabel(/^Nome/).fill('Ana Souza');
  await card.getByLabel(/^E-mail/).fill(ana);
  await card.getByLabel(/^Confirme o e-mail/).fill(ana);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: w.toPayment }).click();
  await expect(page.getByRole('region', { name: w.summary })).toContainText(w.card('50,00'));
  await page.clock.setSystemTime(Date.now() + 3 * 24 * 60 * 60 * 1000);

  await page.getByRole('link', { name: 'Alterar os cartões' }).click();
  await expect(page.getByRole('heading', { name: '2. Envio' })).toBeVisible();
  await expect(page.getByText('O envio precisa ser depois de agora')).toBeVisible();
  // Coming back to the checkout (Forward, or its address) lands on the same step, before any card is typed.
  await page.goBack();
  await expect(page).toHaveURL(/\/gift-card\/definition$/);
  await expect(page.getByRole('heading', { name: '2. Envio' })).toBeVisible();
  await expect(page.getByText('O envio precisa ser depois de agora')).toBeVisible();
  await expect(page.getByLabel('Número do cartão')).toHaveCount(0);

  // The form offers the day after the clock's today: a moment ahead again.
  await page.getByLabel('Por e-mail, assim que o pagamento for confirmado').check();
  await page.getByLabel('Por e-mail, no dia e hora que eu escolher').check();
  await page.getByLabel(/Dia do envio/).fill(new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: w.toPayment }).click();
  await payByCard(page, w, '50,00');
  await expect(page).toHaveURL(/\/gift-card\/agradecimento\?type=email_scheduled&order=/, { timeout: 20_000 });
  // Item 3 too: a scheduled order says when it goes, not that it went.
  await expect(page.getByRole('heading', { level: 1, name: 'Obrigado! O envio está agendado' })).toBeVisible();
  await expect(page.getByText(/1 cartão será enviado por e-mail em \d{2}\/\d{2}\/\d{4} 09:00/)).toBeVisible();
  await expect(page.getByText(/Enviamos/)).toHaveCount(0);

  // And the definition page does not come back with the order just paid.
  await page.goto('/gift-card/definition');
  await expect(page.getByRole('heading', { name: '1. O cartão' })).toBeVisible();
  await expect(page.getByLabel(w.value)).toHaveValue('');
});

test('item 3: a declined order reads as not paid, with no receipt, and can be tried again', async ({ page, request }) => {
  // Purchases in real Chromium against the real server: 30-50 s on CI's machines, about 75 s for a retry
  // recording its trace. Not test.slow() (270 s): a step that never came kept a lane waiting 4.5 min.
  test.setTimeout(150_000);
  const w = WORDS.pt;
  await signInThroughForm(page, await createAccount(request, newIndividual()));
  await page.goto('/gift-card/definition');
  await definePrintedCard(page, w, '30');
  await payByCard(page, w, '30,00', '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: /recusad/i })).toBeVisible({ timeout: 20_000 });

  await page.goto('/profile/contributions');
  const declined = page.getByRole('listitem').filter({ hasText: 'Não concluída' });
  await expect(declined).toHaveCount(1);
  await expect(declined.getByRole('button', { name: /Ver recibo/ })).toHaveCount(0);
  await declined.getByRole('link', { name: /Ver pedido/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento não concluído' })).toBeVisible();
  await expect(page.getByText('O pagamento deste pedido não foi aprovado: nada foi cobrado e nenhum cartão foi emitido.')).toBeVisible();
  await expect(page.getByText(/Obrigado|Enviamos|a caminho|aguardando/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Baixar/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(page).toHaveURL(/\/gift-card\/checkout$/);
  await expect(page.getByRole('region', { name: w.summary })).toContainText(w.card('30,00'));
  await payByCard(page, w, '30,00');
  await expect(page.getByRole('heading', { level: 1, name: w.ready })).toBeVisible({ timeout: 20_000 });
});

test("item 6: a company pays with its own card (the holder's CNPJ); its codes come first, and the paid order is not offered again", async ({
  page,
  request,
}) => {
  // Purchases in real Chromium against the real server: 30-50 s on CI's machines, about 75 s for a retry
  // recording its trace. Not test.slow() (270 s): a step that never came kept a lane waiting 4.5 min.
  test.setTimeout(150_000);
  await signInThroughForm(page, await createAccount(request, newIndividual({ name: 'Carla Dias' })));
  await defineCompanyCard(page, 'Obrigado pelo ano!');
  await page.getByLabel(/Só os códigos/).check();
  await page.getByLabel(/Quantos cartões/).fill('3');
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Codes have no shipping step and 3 cards no logo: the review is the third step.
  await expect(page.getByRole('heading', { name: '3. Revisão' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();

  await expect(page).toHaveURL(/\/gift-card\/checkout-corporate$/);
  await fillCompanyContact(page);
  // The company's own card: in its name, with its (alphanumeric) CNPJ.
  await page.getByLabel('Cartão de crédito').check();
  await field(page, 'Número do cartão').fill('4111 1111 1111 1111');
  await field(page, 'Validade (MM/AA)').fill('12/34');
  await field(page, 'CVV').fill('123');
  await field(page, 'Nome do titular').fill('Acme Ltda');
  const holderDocument = page.getByLabel(WORDS.pt.holderDocument);
  await holderDocument.fill('12abc34501de35');
  await expect(holderDocument).toHaveValue('12.ABC.345/01DE-35');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('CPF inválido')).toHaveCount(0);
  await expect(holderDocument).toHaveCount(0);
  await expect(page.getByLabel('Cartão de crédito')).toHaveCount(0);
  if ((await field(page, 'CEP').inputValue()) === '') await fillAddress(page);
  await page.getByRole('button', { name: 'Pagar R$ 150,00' }).click();

  await expect(page).toHaveURL(/\/gift-card\/agradecimento\?type=corporate&order=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Obrigado! Seus cartões estão prontos' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('code')).toHaveCount(3);
  // The downloads come before the cards, and no card asks for a corrected e-mail.
  const csv = await page.getByRole('button', { name: 'Baixar os códigos (CSV)' }).boundingBox();
  const firstCode = await page.locator('code').first().boundingBox();
  expect(csv!.y).toBeLessThan(firstCode!.y);
  await expect(page.getByLabel(/E-mail correto/)).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/gift-card\/checkout-corporate$/);
  await expect(page.getByText('Este pedido já foi pago. Os cartões estão na página do pedido.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0);
  await page.goto('/gift-card/definition_corporate');
  await expect(page.getByRole('heading', { name: '1. O cartão' })).toBeVisible();
  await expect(page.getByLabel(/Valor de cada cartão/)).toHaveValue('');
});
