import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, createAccount, newIndividual, signInThroughForm } from './helpers/accounts';

/**
 * The admins keep the categories and tags (issue 13): create, rename, reorder, delete; a category in
 * use says how many campaigns it has and asks where they go; a tag in use is merged, not deleted.
 * Whatever the test creates it takes away again, so the demo catalogue stays as it was.
 */

const stamp = String(Date.now()).slice(-6);
const item = (page: Page, name: string) =>
  page.getByRole('list', { name: /^(Categorias|Tags)$/ }).getByRole('listitem', { name, exact: true });
const names = async (page: Page) =>
  page
    .getByRole('list', { name: 'Categorias' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));

async function create(page: Page, form: string, name: string, english?: string) {
  const create = page.getByRole('form', { name: form });
  await create.getByLabel(/^Nome \(português\)/).fill(name);
  if (english) await create.getByLabel('Nome em inglês (opcional)').fill(english);
  await create.getByRole('button', { name: /^Criar/ }).click();
  await expect(item(page, name)).toBeVisible();
  await expect(create.getByLabel(/^Nome \(português\)/)).toHaveValue('');
}

test('an admin creates, renames, reorders and deletes categories; one in use asks where its campaigns go', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categorias' })).toBeVisible();

  const sport = `Esporte ${stamp}`;
  const culture = `Cultura ${stamp}`;
  await create(page, 'Nova categoria', sport, 'Sport');
  await create(page, 'Nova categoria', culture);
  await expect(item(page, sport)).toContainText('Sport');

  // Renamed, then moved above the other new one.
  const renamed = `Esportes ${stamp}`;
  await item(page, sport).getByRole('button', { name: 'Renomear' }).click();
  const rename = page.getByRole('form', { name: `Renomear ${sport}` });
  await rename.getByLabel(/^Nome \(português\)/).fill(renamed);
  await rename.getByRole('button', { name: 'Salvar nome' }).click();
  await expect(item(page, renamed)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Alteração salva.');
  const before = await names(page);
  expect(before.indexOf(renamed)).toBeLessThan(before.indexOf(culture));
  await item(page, culture)
    .getByRole('button', { name: `Subir ${culture}` })
    .click();
  await expect.poll(async () => (await names(page)).indexOf(culture)).toBe(before.indexOf(renamed));
  // The focus stays on the arrow of the row that moved, so the keyboard can move it again (issue 22).
  await expect(page.getByRole('button', { name: `Subir ${culture}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await names(page)).indexOf(culture)).toBe(before.indexOf(renamed) - 1);
  await expect(page.getByRole('button', { name: `Subir ${culture}` })).toBeFocused();
  await page.getByRole('button', { name: `Descer ${culture}` }).press('Enter');
  await expect.poll(async () => (await names(page)).indexOf(culture)).toBe(before.indexOf(renamed));
  await expect(page.getByRole('button', { name: `Descer ${culture}` })).toBeFocused();

  // A seeded category with campaigns: the page says how many and asks where they go before deleting.
  const food = item(page, 'Alimentação');
  await food.getByRole('button', { name: 'Apagar' }).click();
  const panel = page.getByRole('group', { name: 'Apagar Alimentação' });
  await expect(panel).toContainText(/(1 campanha está|\d+ campanhas estão) em “Alimentação”/);
  await expect(panel.getByRole('button', { name: 'Mover as campanhas e apagar' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Cancelar' }).click();
  await expect(panel).toBeHidden();

  // Unused ones go after a confirmation.
  for (const name of [renamed, culture]) {
    await item(page, name).getByRole('button', { name: 'Apagar' }).click();
    const confirm = page.getByRole('group', { name: `Apagar ${name}` });
    await expect(confirm).toContainText(`Nenhuma campanha usa “${name}”`);
    await confirm.getByRole('button', { name: 'Apagar' }).click();
    await expect(item(page, name)).toHaveCount(0);
  }
  // A name taken is refused with its reason.
  await page
    .getByRole('form', { name: 'Nova categoria' })
    .getByLabel(/^Nome \(português\)/)
    .fill('Saúde');
  await page.getByRole('button', { name: 'Criar categoria' }).click();
  await expect(page.getByText('Já existe uma categoria com esse nome.')).toBeVisible();
});

test('an admin merges one tag into another; a tag in use cannot be deleted without merging', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/tags');
  const kids = item(page, 'Crianças');
  await kids.getByRole('button', { name: 'Apagar' }).click();
  await expect(page.getByRole('group', { name: 'Apagar Crianças' })).toContainText('junte-a a outra tag');
  await expect(page.getByRole('group', { name: 'Apagar Crianças' }).getByRole('button', { name: 'Apagar' })).toHaveCount(0);

  const one = `Voluntariado ${stamp}`;
  const other = `Voluntários ${stamp}`;
  await create(page, 'Nova tag', one);
  await create(page, 'Nova tag', other);
  await item(page, one).getByRole('button', { name: 'Juntar com outra' }).click();
  const merge = page.getByRole('group', { name: `Juntar ${one}` });
  await merge.getByLabel('Juntar com').selectOption({ label: other });
  await merge.getByRole('button', { name: 'Juntar' }).click();
  await expect(item(page, one)).toHaveCount(0);
  await item(page, other).getByRole('button', { name: 'Apagar' }).click();
  await page
    .getByRole('group', { name: `Apagar ${other}` })
    .getByRole('button', { name: 'Apagar' })
    .click();
  await expect(item(page, other)).toHaveCount(0);
});

test('a donor is sent from the admin pages to the page that says why, and the admin API refuses them', async ({ page, request }) => {
  const donor = await createAccount(request, newIndividual());
  await signInThroughForm(page, donor);
  await page.goto('/admin/categories');
  await expect(page).toHaveURL(/\/admin\/sem-permissao\?pagina=%2Fadmin%2Fcategories$/);
  const token = (await page.context().cookies()).find((c) => c.name === 'semear.token')?.value;
  const answer = await request.post('/api/v1/admin/categories', {
    data: { name: 'Proibida' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(403);
});
