import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { field } from './checkout';

/** The campaign editor's steps that several specs share (docs/admin.md, "Campaigns"). */

/** A plain picture of one colour, as an upload. */
export const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The editor's autosave has run: the save state says when. */
export const saved = (page: Page) => expect(page.getByTestId('save-state')).toHaveText(/^Rascunho salvo /, { timeout: 15_000 });

/** A new draft from its title, opened in the editor; returns its slug. */
export async function newCampaign(page: Page, title: string): Promise<string> {
  await page.goto('/admin/campaigns');
  await page.getByRole('link', { name: 'Nova campanha' }).click();
  await field(page, 'Título da campanha').fill(title);
  await page.getByRole('button', { name: 'Criar rascunho' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/edit\?slug=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar campanha' })).toBeVisible();
  return new URL(page.url()).searchParams.get('slug') as string;
}

/** What publishing needs besides the title: summary, category, a one-line story, a cover and the organiser. */
export async function fillPublishable(
  page: Page,
  { summary, category, organiser }: { summary: string; category: string; organiser: string },
) {
  await field(page, 'Resumo').fill(summary);
  await page.getByLabel('Categoria').selectOption({ label: category });
  await page.getByRole('textbox', { name: 'História da campanha' }).fill(summary);
  await page
    .getByLabel('Escolher a capa')
    .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: await png(1280, 720, '#1f8a5b') });
  await page.getByRole('button', { name: 'Usar esta capa' }).click();
  await expect(page.getByRole('img', { name: 'Capa atual' })).toBeVisible();
  await field(page, 'Quem organiza').fill(organiser);
}
