import { expect, test } from '@playwright/test';

/**
 * Defining personal gift cards (issue 12): from /gift-card to the definition, the preview following
 * what is typed, the recipients checked, the review, and on to the gift-card checkout.
 */

test('from the gift card page, define two cards by e-mail with a live preview and go on to pay', async ({ page }) => {
  await page.goto('/gift-card');
  await expect(page.getByRole('heading', { level: 1, name: 'Dê de presente a vontade de ajudar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Validade e o que sobrar' })).toBeVisible();
  await page.getByRole('link', { name: 'Montar meu gift card' }).click();

  await expect(page.getByRole('heading', { name: '1. O cartão' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('O valor é obrigatório')).toBeVisible();
  await page.getByLabel(/Valor de cada cartão/).fill('80');
  await page.getByLabel(/Quantidade de cartões/).fill('2');
  await page.getByRole('radio', { name: 'Natal' }).check();
  await page.getByLabel(/^Mensagem/).fill('Boas festas! Escolha uma causa.');
  await page.getByLabel(/De \(quem envia\)/).fill('Equipe Semear');
  const preview = page.getByRole('figure');
  await expect(preview).toContainText('R$ 80,00');
  await expect(preview).toContainText('Boas festas! Escolha uma causa.');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: '2. Envio' })).toBeFocused();
  await page.getByLabel('Por e-mail, no dia e hora que eu escolher').check();
  await page.getByLabel(/Dia do envio/).fill('2099-12-24');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('O envio precisa ser nos próximos 6 meses')).toBeVisible();
  await page.getByLabel('Por e-mail, assim que o pagamento for confirmado').check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { name: '3. Recebedores' })).toBeVisible();
  for (const [n, name, email] of [
    [1, 'Ana Souza', 'ana@exemplo.com.br'],
    [2, 'Bruno Lima', 'bruno@exemplo.com.br'],
  ] as const) {
    const card = page.getByRole('group', { name: `Cartão ${n}` });
    await card.getByLabel(/^Nome/).fill(name);
    await card.getByLabel(/^E-mail/).fill(email);
    await card.getByLabel(/^Confirme o e-mail/).fill(email);
  }
  await page.getByRole('button', { name: 'Continuar' }).click();

  const review = page.getByRole('region', { name: 'Revisão' });
  await expect(review).toContainText('2 × R$ 80,00');
  await expect(review).toContainText('R$ 160,00');
  await expect(preview).toContainText('para Ana Souza');
  await review.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page).toHaveURL(/\/gift-card\/checkout$/);
});
