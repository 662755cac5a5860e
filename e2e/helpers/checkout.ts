import { expect, type Page } from '@playwright/test';

/** A form field by its visible label (required fields end in '*'). */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`));

/** 'R$ 1.234,56' → 123456. */
export const cents = (text: string) => Number(/R\$\s*([\d.]+,\d{2})/.exec(text)?.[1]?.replace(/\./g, '').replace(',', '') ?? NaN);

/** The raised amount a campaign's page shows ("R$ … arrecadados"); `url`: its path, or its address on another server. */
export async function raisedOn(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const text =
    (await page
      .getByText(/arrecadados/)
      .first()
      .textContent()) ?? '';
  const value = cents(text);
  expect(value, text).not.toBeNaN();
  return value;
}

/** The new-card fields of the payment step, with a test card of the sandbox. */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Cartão de crédito').check();
  await field(page, 'Número do cartão').fill(number);
  await field(page, 'Validade (MM/AA)').fill('12/34');
  await field(page, 'CVV').fill('123');
  await field(page, 'Nome do titular').fill('Ana Souza');
  await field(page, 'CPF ou CNPJ do titular').fill('529.982.247-25');
}

/** A Recife address: the embedded CEP source knows the state from the CEP range; city and street are typed. */
export async function fillAddress(page: Page) {
  await field(page, 'CEP').fill('50030-230');
  await expect(field(page, 'Estado')).toHaveValue('PE');
  await field(page, 'Cidade').fill('Recife');
  await field(page, 'Rua').fill('Rua da Aurora');
  await field(page, 'Número').fill('100');
}

/** A donor abroad at the payment step: PayPal chosen, then a New York address. */
export async function choosePaypalFromAbroad(page: Page) {
  await page.getByLabel('PayPal').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await field(page, 'País').fill('US');
  await field(page, 'Código postal').fill('10001');
  await field(page, 'Estado / região').fill('NY');
  await field(page, 'Cidade').fill('New York');
}

/**
 * A signed-in donor gives `reais` to a campaign by card (their profile fills the contact step), and
 * lands on the thank-you page. `onContact` checks the contact step before it goes on.
 */
export async function giveByCard(page: Page, slug: string, reais: number, cardNumber: string, onContact?: () => Promise<void>) {
  await page.goto(`/${slug}/donate?amount=${reais}`);
  await onContact?.();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillCard(page, cardNumber);
  await page.getByRole('button', { name: 'Continuar' }).click();
  if ((await field(page, 'CEP').inputValue()) === '') await fillAddress(page);
  await page.getByRole('button', { name: `Doar R$ ${reais},00` }).click();
  await expect(page).toHaveURL(/\/doacao-confirmacao\/agradecimento/);
}
