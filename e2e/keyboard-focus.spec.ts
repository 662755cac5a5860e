import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './helpers/accounts';
import { signInWithCookies } from './helpers/session';

/**
 * Issue 22, item 12: where the keyboard's focus goes. The editor's preview dialog keeps Tab on its own
 * controls (never inside the framed page, where Escape was lost) and Escape gives the focus back to the
 * button that opened it; a refused step of a multi-step form puts the focus on the first field in error.
 */

const CAMPAIGN = 'cozinha-solidaria-recife';

/** The focused element: its tag, accessible-ish name, and whether it is inside the open dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName ?? '',
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      inDialog: el?.closest('[role="dialog"]') !== null && el?.closest('[role="dialog"]') !== undefined,
    };
  });

test("the editor's preview dialog: Tab stays on the dialog's controls, Escape closes it and returns to its button", async ({
  page,
  baseURL,
}) => {
  await signInWithCookies(page, baseURL!, DEMO_ADMIN);
  await page.goto(`/admin/campaigns/edit?slug=${CAMPAIGN}`);
  const opener = page.getByRole('button', { name: 'Pré-visualizar' });
  await expect(opener).toBeEnabled();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Pré-visualização' });
  await expect(dialog).toBeVisible();
  const phone = page.frameLocator('iframe[title="No celular"]');
  await expect(phone.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });

  // The focus starts on the dialog's own control and Tab/Shift+Tab never leave them for the frames.
  for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Tab']) {
    const now = await focused(page);
    expect(now.tag, `before ${key}`).not.toBe('IFRAME');
    expect(now.inDialog, `before ${key}: ${now.tag} ${now.name}`).toBe(true);
    await page.keyboard.press(key);
  }
  await expect(dialog.getByRole('button', { name: 'Fechar' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // A click into the framed page takes the keys there: Escape still closes the dialog.
  await opener.click();
  await expect(phone.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await phone.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a refused step puts the focus on its first field in error: new campaign, gift-card definition, checkout', async ({
  page,
  baseURL,
}) => {
  // The new-campaign wizard: no title.
  await signInWithCookies(page, baseURL!, DEMO_ADMIN);
  await page.goto('/admin/campaigns/new');
  await page.getByRole('button', { name: 'Criar rascunho' }).click();
  const title = page.getByRole('textbox', { name: 'Título da campanha' });
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');

  // The gift-card definition: the card's step without its value, then without its template, then its message.
  await page.goto('/gift-card/definition');
  await expect(page.getByRole('heading', { name: '1. O cartão' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('O valor é obrigatório')).toBeVisible();
  await expect(page.getByLabel(/Valor de cada cartão/)).toBeFocused();
  await page.getByLabel(/Valor de cada cartão/).fill('50');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('A mensagem é obrigatória')).toBeVisible();
  await expect(page.getByLabel(/^Mensagem/)).toBeFocused();
  await page.keyboard.type('Boas festas!');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Its shipping step: a day out of range.
  await expect(page.getByRole('heading', { name: '2. Envio' })).toBeFocused();
  await page.getByLabel('Por e-mail, no dia e hora que eu escolher').check();
  await page.getByLabel(/Dia do envio/).fill('2099-12-24');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('O envio precisa ser nos próximos 6 meses')).toBeVisible();
  await expect(page.getByLabel(/Dia do envio/)).toBeFocused();

  // The donation checkout's first step, sent empty.
  await page.context().clearCookies();
  await page.goto(`/${CAMPAIGN}/donate?amount=50`);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const firstInvalid = page.locator('form [aria-invalid="true"]').first();
  await expect(firstInvalid).toBeFocused();
});
