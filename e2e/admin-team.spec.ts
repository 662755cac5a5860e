import { expect, test } from '@playwright/test';
import { createAccount, DEMO_ADMIN, DEMO_REVIEWER, newIndividual, signInThroughForm } from './helpers/accounts';
import { appPathOf, signUpLinkTo, waitForMailMatching } from './helpers/mailbox';
import { bearer } from './helpers/team';

/**
 * The team (issue 13): an admin invites a colleague with MANAGE_CAMPAIGNS only; the colleague opens
 * the e-mail's link (which says what it grants), signs up from the prompt with the invited e-mail already
 * typed, comes back, accepts, and can
 * run the catalogue and write campaigns but is sent from /admin/finances to the page that says why.
 */

test('an admin invites a colleague with campaigns only, who signs up from the link, joins, and is sent from finances to the page that says why', async ({
  page,
  browser,
}) => {
  // Two people, a sign-up, an invitation and a draft: 51 s on a quiet machine, 61 s beside the other lane.
  test.setTimeout(150_000);
  const colleague = newIndividual({ name: 'Caio Mendes' });
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Equipe' })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Convidar para a equipe' });
  await invite.getByLabel(/^E-mail de quem você convida/).fill(colleague.email);
  await invite.getByLabel('Campanhas, categorias e tags').check();
  await invite.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByRole('status')).toHaveText('Convite enviado.');
  await expect(page.getByRole('region', { name: 'Convites abertos' }).getByRole('listitem', { name: colleague.email })).toContainText(
    'Campanhas, categorias e tags',
  );

  const [, path] = await waitForMailMatching(colleague.email, /https?:\/\/[^/\s]+(\/convite-equipe\?token=[\w-]+)/);
  // The e-mail says what the invitation lets the colleague do (issue 22).
  await waitForMailMatching(colleague.email, /Com este convite você poderá cuidar de: Campanhas, categorias e tags\./);
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const invited = await context.newPage();
  await invited.goto(path as string);
  await expect(invited.getByRole('heading', { level: 1, name: 'Convite para a equipe' })).toBeVisible();
  await expect(invited.getByText(`convidou ${colleague.email} para administrar o Semear`)).toBeVisible();
  await invited.getByRole('button', { name: 'Aceitar o convite' }).click();
  await invited.getByRole('dialog').getByRole('link', { name: 'Faça seu cadastro' }).click();
  await invited.getByLabel('Pessoa física').check();
  await invited.getByLabel('Nome completo').fill(colleague.name);
  await invited.getByLabel('CPF').fill(colleague.cpf);
  // The form starts with the invited e-mail.
  await expect(invited.getByLabel('E-mail')).toHaveValue(colleague.email);
  await invited.getByLabel('Telefone').fill(colleague.phone);
  await invited.getByLabel('Data de nascimento').fill('08/03/1992');
  await invited.getByLabel('Senha').fill(colleague.password);
  await invited.getByLabel(/termos de uso/).check();
  await invited.getByRole('button', { name: 'Criar conta' }).click();
  await expect(invited.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();
  // The mailed link creates the account and comes back to the invitation, signed in.
  await invited.goto(appPathOf(await signUpLinkTo(colleague.email)));
  await expect(invited).toHaveURL(/\/convite-equipe\?token=/);
  await invited.getByRole('button', { name: 'Aceitar o convite' }).click();
  // The admin opens on the first page this member may use.
  await expect(invited).toHaveURL(/\/admin\/categories$/);

  await invited.goto('/admin/categories');
  await expect(invited.getByRole('heading', { level: 1, name: 'Categorias' })).toBeVisible();
  // Campaigns are theirs to edit: a new draft, written and saved in the editor.
  await invited.goto('/admin/campaigns/new');
  await invited.getByLabel(/^Título da campanha/).fill(`Mutirão ${Date.now().toString(36)}`);
  await invited.getByRole('button', { name: 'Criar rascunho' }).click();
  await expect(invited).toHaveURL(/\/admin\/campaigns\/edit\?slug=mutirao-/);
  await invited.getByLabel(/^Resumo/).fill('Um sábado de reformas na creche.');
  await expect(invited.getByTestId('save-state')).toHaveText(/^Rascunho salvo às/, { timeout: 15_000 });
  // Sent to the page that says why (issue 22, item 13), naming the page asked for.
  await invited.goto('/admin/finances');
  await expect(invited).toHaveURL(/\/admin\/sem-permissao\?pagina=%2Fadmin%2Ffinances$/);
  await invited.goto('/admin/team');
  await expect(invited).toHaveURL(/\/admin\/sem-permissao\?pagina=%2Fadmin%2Fteam$/);

  // On the team page the colleague is a member with that one permission.
  await page.reload();
  const member = page.getByRole('listitem', { name: colleague.name });
  await expect(member.getByLabel('Campanhas, categorias e tags')).toBeChecked();
  await expect(member.getByLabel('Finanças')).not.toBeChecked();

  // The history says who joined; filtered by the member, only what is about them.
  const history = page.getByRole('region', { name: 'Histórico de alterações' });
  await history.getByLabel('Membro').selectOption({ label: colleague.name });
  await expect(page).toHaveURL(/\/admin\/team\?member=/);
  // The URL changes before the history is read again: until then the rows are everyone's (another
  // member who joined shortly before, as admin-permissions.spec.ts's does, is one of them).
  await expect(history.getByRole('row', { name: /Entrou na equipe/ })).toHaveCount(1);
  await expect(history.getByRole('row', { name: /Entrou na equipe/ })).toContainText('— → Campanhas, categorias e tags');
  await expect(history.getByRole('row', { name: /Entrou na equipe/ })).toContainText(colleague.name);
  await context.close();
});

test('one person is never both eyes: the own row is not editable, a grant that approves waits, and the reviewer reads who invited whom before approving', async ({
  page,
  browser,
  request,
}) => {
  const colleague = await createAccount(request, newIndividual({ name: 'Teo Segundo' }));
  await signInThroughForm(page, DEMO_ADMIN);
  await page.goto('/admin/team');
  const own = page.getByRole('listitem', { name: 'Ana Administradora' });
  await expect(own).toContainText('Ninguém muda as próprias permissões: peça a outra pessoa da equipe.');
  await expect(own.getByRole('checkbox')).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Salvar permissões' })).toHaveCount(0);

  // The team permission lets the colleague approve others' permissions: it waits once accepted.
  const invite = page.getByRole('form', { name: 'Convidar para a equipe' });
  await invite.getByLabel(/^E-mail de quem você convida/).fill(colleague.email);
  await invite.getByLabel('Equipe').check();
  await invite.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByRole('status')).toHaveText('Convite enviado.');
  const [, token] = await waitForMailMatching(colleague.email, /convite-equipe\?token=([\w-]+)/);
  const accepted = await request.post('/api/v1/team-invitations/accept', { headers: await bearer(request, colleague), data: { token } });
  expect(accepted.status()).toBe(202);

  await page.reload();
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const waiting = page.getByRole('region', { name: 'Permissões esperando aprovação' }).getByRole('listitem', { name: 'Teo Segundo' });
  await expect(waiting).toContainText('— → Equipe');
  await expect(waiting).toContainText('pedida por você em');
  await expect(waiting).toContainText(`entrou pelo convite de Ana Administradora em ${today}`);
  await expect(waiting).toContainText('Você pediu esta mudança: outra pessoa da equipe precisa aprová-la. Até lá, nada muda.');
  await expect(waiting.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const reviewer = await context.newPage();
  await signInThroughForm(reviewer, DEMO_REVIEWER);
  await reviewer.goto('/admin/team');
  const toDecide = reviewer.getByRole('region', { name: 'Permissões esperando aprovação' }).getByRole('listitem', { name: 'Teo Segundo' });
  await expect(toDecide).toContainText('pedida por Ana Administradora em');
  await expect(toDecide).toContainText(`entrou pelo convite de Ana Administradora em ${today}`);
  await toDecide.getByRole('button', { name: 'Aprovar' }).click();
  await expect(reviewer.getByRole('status')).toHaveText('Aprovado: as permissões já valem.');
  await expect(
    reviewer.getByRole('region', { name: 'Membros' }).getByRole('listitem', { name: 'Teo Segundo' }).getByLabel('Equipe'),
  ).toBeChecked();
  await context.close();
});
