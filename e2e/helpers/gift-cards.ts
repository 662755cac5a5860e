import type { Page } from '@playwright/test';
import { uniqueEmail } from './accounts';
import { field } from './checkout';

/** A company's card on /gift-card/definition_corporate (R$ 50, Gratidão, from Acme Ltda), on to who receives it. */
export async function defineCompanyCard(page: Page, message: string) {
  await page.goto('/gift-card/definition_corporate');
  await page.getByLabel(/Valor de cada cartão/).fill('50');
  await page.getByRole('radio', { name: 'Gratidão' }).check();
  await page.getByLabel(/^Mensagem/).fill(message);
  await page.getByLabel(/De \(quem envia\)/).fill('Acme Ltda');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** The corporate checkout's contact step: Acme Ltda, its alphanumeric CNPJ and its contact, then on to the payment. */
export async function fillCompanyContact(page: Page) {
  await field(page, 'Razão social').fill('Acme Ltda');
  await field(page, 'CNPJ').fill('12.ABC.345/01DE-35');
  await field(page, 'Nome do responsável').fill('Carla Dias');
  await field(page, 'E-mail').fill(uniqueEmail('rh'));
  await field(page, 'Telefone').fill('(11) 3333-4444');
  await page.getByRole('button', { name: 'Continuar' }).click();
}
