import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { createAccount, newIndividual, signInThroughForm, type TestAccount } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';
import { bearer, joinTeam } from './helpers/team';

/**
 * Second factors from the web app (issue 49): an authenticator app enrolled on the "Segurança" page with a
 * code computed here from the secret the page shows, then a sign-in with password and that app; a passkey
 * registered and then used to sign in through Chromium's virtual authenticator (CDP WebAuthn); the sessions
 * list with one ended; and the step-up dialog on an admin action, which keeps what was typed.
 */

/**
 * A code one step ahead: the server accepts ±1 step and never the same step twice, so the next code after
 * the one the enrolment spent is good at once, without waiting for the clock.
 */
const codeAhead = (secret: string, steps = 1) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

async function enrolTotp(page: Page): Promise<string> {
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Ativar aplicativo autenticador' }).click();
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
  if (!secret) throw new Error('no secret shown');
  await expect(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
  await page.getByLabel('Código de 6 dígitos').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Ativar', exact: true }).click();
  await saveRecoveryCodes(page);
  await expect(page.getByText(/ativado em/)).toBeVisible();
  return secret;
}

async function saveRecoveryCodes(page: Page): Promise<void> {
  const codes = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar como .txt' }).click();
  expect((await download).suggestedFilename()).toBe('semear-codigos-de-recuperacao.txt');
  // Nothing goes on until the person says the codes are kept.
  await expect(page.getByRole('button', { name: 'Concluir' })).toBeDisabled();
  await page.getByLabel('Guardei meus códigos de recuperação').check();
  await page.getByRole('button', { name: 'Concluir' }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).not.toHaveURL(/\/profile/);
}

async function passwordStep(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Confirme que é você' })).toBeVisible();
}

test.describe('second factors on the web', () => {
  test('an authenticator app enrolled on the Segurança page, then a sign-in with password and its code', async ({ page, request }) => {
    const account = await createAccount(request, newIndividual());
    await signInThroughForm(page, account);
    await page.goto('/profile');
    await page.getByRole('navigation', { name: 'Sua conta' }).getByRole('link', { name: 'Segurança' }).click();
    await expect(page.getByRole('heading', { name: 'Segurança', level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const secret = await enrolTotp(page);
    await signOut(page);

    await passwordStep(page, account);
    expect(await seriousViolations(page)).toEqual([]);
    // A wrong code keeps the step with its reason.
    const wrong = (Number(await codeAhead(secret)) + 1) % 1_000_000;
    await page.getByLabel('Código do aplicativo autenticador').fill(String(wrong).padStart(6, '0'));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(/incorret/i)).toBeVisible();
    await page.getByLabel('Código do aplicativo autenticador').fill(await codeAhead(secret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page).not.toHaveURL(/\/signin/);
    await page.goto('/profile/security');
    await expect(page.getByText(/ativado em/)).toBeVisible();
  });

  test('a passkey registered, then used to sign in, through the virtual authenticator', async ({ page, request }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const account = await createAccount(request, newIndividual());
    await signInThroughForm(page, account);
    await page.goto('/profile/security');
    await page.getByLabel('Nome da nova chave de acesso').fill('Notebook de testes');
    await page.getByRole('button', { name: 'Adicionar chave de acesso' }).click();
    // The first factor comes with its recovery codes.
    await saveRecoveryCodes(page);
    await expect(page.getByText('Notebook de testes')).toBeVisible();
    await signOut(page);

    await passwordStep(page, account);
    await page.getByRole('button', { name: 'Usar chave de acesso' }).click();
    await expect(page).not.toHaveURL(/\/signin/);
    await page.goto('/profile/security');
    await expect(page.getByText(/chave de acesso · usada em/)).toBeVisible();
  });

  test('the sessions list shows each device, and ending the others ends their tokens', async ({ page, request }) => {
    // The confirmed sign-up opened one session, the form another (this browser), the API a third.
    const account = await createAccount(request, newIndividual());
    await signInThroughForm(page, account);
    const other = await bearer(request, account);
    await page.goto('/profile/security');
    const rows = page.getByTestId('user-session');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: '(este dispositivo)' })).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await rows
      .filter({ hasNotText: '(este dispositivo)' })
      .first()
      .getByRole('button', { name: /Encerrar a sessão/ })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Encerrar' }).click();
    await expect(page.getByText('Sessão encerrada.')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Encerrar todas as outras' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Encerrar' }).click();
    await expect(page.getByText('Todas as outras sessões foram encerradas.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('(este dispositivo)');
    expect((await request.get('/api/v1/users/profile', { headers: other })).status()).toBe(401);
  });

  test('a permission grant asks for the factor again in place, keeping the form', async ({ page, request }) => {
    const colleague = await createAccount(request, newIndividual({ name: 'Gestora Teste' }));
    await joinTeam(request, colleague, ['MANAGE_TEAM']);
    await signInThroughForm(page, colleague);
    const secret = await enrolTotp(page);

    await page.goto('/admin/team');
    // The team is on screen: the form is the app's, not a page still loading.
    await expect(page.getByRole('listitem', { name: 'Gestora Teste' })).toBeVisible();
    const invitee = `convite-${Date.now()}@exemplo.com`;
    await page.getByLabel('E-mail de quem você convida').fill(invitee);
    await page.getByRole('button', { name: /Enviar convite/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirme que é você' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Given up: the form keeps what was typed, with the reason, and the person is still signed in.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('E-mail de quem você convida')).toHaveValue(invitee);
    await expect(page.getByText(/Confirme que é você: digite o código/)).toBeVisible();

    await page.getByRole('button', { name: /Enviar convite/ }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Código do aplicativo autenticador ou de recuperação').fill(await codeAhead(secret));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Convite enviado.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Convites abertos' }).getByText(invitee)).toBeVisible();
  });
});
