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

/**
 * One personal card sent by e-mail as soon as it is paid, defined on /gift-card/definition up to its
 * review (the recipient filled, "Continuar para o pagamento" not yet pressed).
 */
export async function reviewOneCard(page: Page, card: { reais: number; name: string; email: string }) {
  await page.goto('/gift-card/definition');
  await page.getByLabel(/Valor de cada cartão/).fill(String(card.reais));
  await page.getByLabel(/Quantidade de cartões/).fill('1');
  await page.getByRole('radio', { name: 'Girassol' }).check();
  await page.getByLabel(/^Mensagem/).fill('Feliz aniversário! Escolha uma causa.');
  await page.getByLabel(/De \(quem envia\)/).fill('Maria');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Por e-mail, assim que o pagamento for confirmado').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  const recipient = page.getByRole('group', { name: 'Cartão 1' });
  await recipient.getByLabel(/^Nome/).fill(card.name);
  await recipient.getByLabel(/^E-mail/).fill(card.email);
  await recipient.getByLabel(/^Confirme o e-mail/).fill(card.email);
  await page.getByRole('button', { name: 'Continuar' }).click();
}
