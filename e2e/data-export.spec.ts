import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readZip } from '../tests/api/helpers/read-zip';
import { createAccount, newIndividual, signInThroughForm } from './helpers/accounts';
import { seriousViolations } from './helpers/axe';
import { waitForMailMatching } from './helpers/mailbox';

/**
 * A copy of my data from the web app (issue 50, item 4): asked from the profile's "Meus dados", prepared by
 * the server while the page follows it, announced by e-mail with a link back to the section, and downloaded
 * as a ZIP with the session; the ZIP holds the account's own data.
 */
test('a donor asks for a copy of their data on the profile, gets the e-mail and downloads the ZIP', async ({ page, request }) => {
  const account = await createAccount(request, newIndividual({ name: 'Lúcia Exporta' }));
  await signInThroughForm(page, account);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Meus dados' });
  await section.getByRole('button', { name: 'Pedir uma cópia dos meus dados' }).click();
  await expect(section.getByRole('status')).toContainText(/pronta|preparando/);
  await expect(section.getByRole('status')).toContainText('A cópia dos seus dados está pronta', { timeout: 20_000 });

  // The e-mail links to the section, never to the file.
  const [link] = await waitForMailMatching(account.email, /https?:\/\/[^\s"<>]+\/profile#meus-dados/);
  expect(link).not.toContain('/download');
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(section.getByRole('button', { name: 'Baixar meus dados' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Baixar meus dados' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^semear-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = readZip(await readFile((await file.path()) as string));
  expect([...entries.keys()]).toContain('README.txt');
  expect(JSON.parse(entries.get('profile.json')?.toString('utf8') ?? '{}')).toMatchObject({ name: 'Lúcia Exporta', email: account.email });
  expect(entries.get('README.txt')?.toString('utf8')).toContain(account.email);
});
