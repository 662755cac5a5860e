import { expect, test, type Page } from '@playwright/test';
import { createAccount, newIndividual, signInThroughForm } from './helpers/accounts';
import { field, fillAddress, fillCard } from './helpers/checkout';
import { waitForMailMatching } from './helpers/mailbox';

/**
 * The donor's home (issue 4 "Must show"): a new donor subscribes monthly, a second tab sees the
 * credit arrive in the wallet live, they give from the wallet (the second tab follows), find the
 * notification, mark it read and unread, and cancel the monthly gift through the e-mail's link
 * without signing in.
 */

const SLUG = 'cozinha-solidaria-recife';
/** The header's live balance ("Saldo R$ 50,00: abrir carteira"); \s also matches the no-break space of pt-BR money. */
const headerBalance = (page: Page, reais: string) =>
  page.getByRole('link', { name: new RegExp(`^Saldo R\\$\\s${reais}: abrir carteira$`) });

test('subscribe monthly, watch the balance live, give from the wallet, handle the notification, cancel by e-mail link', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const donor = await createAccount(request, newIndividual());
  await signInThroughForm(page, donor);

  // A second tab on the wallet: R$ 0,00 to begin with.
  const walletTab = await context.newPage();
  await walletTab.goto('/profile/wallet');
  await expect(headerBalance(walletTab, '0,00')).toBeVisible();
  await expect(walletTab.getByText('Saldo para doar')).toBeVisible();

  // Subscribe: R$ 50,00 a month, the first month charged at once.
  await page.goto('/doacao-mensal');
  await page.getByLabel(/R\$\s50,00\/mês/).check();
  await page.getByRole('link', { name: /Doar R\$\s50,00 por mês/ }).click();
  await expect(page).toHaveURL(/\/doacao-mensal\/checkout\?amount=50/);
  await expect(field(page, 'E-mail')).toHaveValue(donor.email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pagamento' })).toBeFocused();
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Assinar doação mensal de R$ 50,00' }).click();
  await expect(page).toHaveURL(/\/doacao-mensal\/agradecimento$/);

  // The other tab was not reloaded: the credit arrived through the realtime channel.
  await expect(headerBalance(walletTab, '50,00')).toBeVisible();

  // Give R$ 20,00 from the wallet; the other tab follows.
  await page.goto(`/${SLUG}/donate?amount=20`);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel(/^Saldo da carteira/).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Doar R$ 20,00' }).click();
  await expect(page).toHaveURL(/\/doacao-confirmacao\/agradecimento\?donation=/);
  await expect(headerBalance(walletTab, '30,00')).toBeVisible();

  // The notifications: the donation and the monthly charge, both unread.
  await page.goto('/profile/notifications');
  await expect(page.getByText('Você tem 2 notificações não lidas.')).toBeVisible();
  const donation = page.getByRole('listitem').filter({ hasText: /Sua doação de R\$\s20,00 para .* foi confirmada\./ });
  await expect(donation).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /Sua doação mensal de R\$\s50,00 foi cobrada/ })).toBeVisible();

  // Marking it read keeps it in "Todas", marked read, and lowers the count...
  await donation.getByRole('button', { name: 'Marcar como lida' }).click();
  await expect(donation.getByRole('button', { name: 'Marcar como não lida' })).toBeVisible();
  await expect(page.getByText('Você tem 1 notificação não lida.')).toBeVisible();
  // ...and it is among the read ones, where marking it unread raises the count again.
  await page.getByRole('button', { name: 'Lidas', exact: true }).click();
  await expect(donation).toBeVisible();
  await donation.getByRole('button', { name: 'Marcar como não lida' }).click();
  await expect(page.getByText('Você tem 2 notificações não lidas.')).toBeVisible();

  // Every monthly e-mail carries a signed cancel link that works without signing in.
  const link = await waitForMailMatching(donor.email, /\/doacao-mensal\/cancelar\?token=[A-Za-z0-9_\-.~%]+/);
  const stranger = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  try {
    const cancelPage = await stranger.newPage();
    await cancelPage.goto(link[0]);
    await expect(cancelPage.getByText(/Você doa R\$\s50,00 por mês/)).toBeVisible();
    await cancelPage.getByRole('button', { name: 'Cancelar doação mensal' }).click();
    await expect(cancelPage.getByText(/Sua doação mensal foi cancelada/)).toBeVisible();
  } finally {
    await stranger.close();
  }

  // The donor's wallet shows it ended; the credit already paid stays.
  await page.goto('/profile/wallet');
  await expect(page.getByText(/Sua doação mensal foi cancelada em/)).toBeVisible();
  await expect(headerBalance(page, '30,00')).toBeVisible();
});
