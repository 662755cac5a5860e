import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newestMailFile, signUpLinkTo } from './mailbox';

/** The demo accounts every seeded database has (docs/design.md §5). Never change their passwords here. */
export const DEMO_DONOR = { email: 'doador@semear.dev', password: 'semear-doador-123' } as const;
export const DEMO_ADMIN = { email: 'admin@semear.dev', password: 'semear-admin-123' } as const;
/** The second demo admin, who approves what the first asks (a grant that approves, issue 23). */
export const DEMO_REVIEWER = { email: 'revisora@semear.dev', password: 'semear-revisora-123' } as const;

let counter = 0;
/** An e-mail no other test (or earlier run on the same data) has used. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@semear.test`;
}

/** A valid random CPF (11 digits, both mod-11 check digits right). */
export function randomCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (base.every((d) => d === base[0])) base[0] = (base[0]! + 1) % 10;
  const check = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  const second = check([...base, first]);
  return [...base, first, second].join('');
}

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  cpf: string;
  phone: string;
}

export function newIndividual(overrides: Partial<TestAccount> = {}): TestAccount {
  return { name: 'Maria Teste', email: uniqueEmail(), password: 'senha-forte-123', cpf: randomCpf(), phone: '81987654321', ...overrides };
}

/**
 * Creates an individual through the API, for tests about something else: POST /api/v1/users, then the
 * link the sign-up mails (read from the embedded mailbox) opened with POST /api/v1/users/confirmations.
 */
export async function createAccount(
  request: APIRequestContext,
  account: TestAccount = newIndividual(),
  /** Another server than the lane's (e2e/helpers/own-server.ts). */
  server?: { url: string; dataDir: string },
): Promise<TestAccount> {
  const base = server?.url ?? '';
  // An address signing up again (after its account was deleted) has an older link in the mailbox: wait for the new one.
  const since = await newestMailFile(server?.dataDir);
  const response = await request.post(`${base}/api/v1/users`, {
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      person_type: 'INDIVIDUAL',
      cpf: account.cpf,
      phone: account.phone,
    },
  });
  expect(response.status(), await response.text()).toBe(202);
  const link = await signUpLinkTo(account.email, { dataDir: server?.dataDir, since });
  const token = new URL(link).searchParams.get('token');
  const confirmed = await request.post(`${base}/api/v1/users/confirmations`, { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return account;
}

/** Signs in through the /signin form and waits until the app has left it. */
export async function signInThroughForm(page: Page, credentials: { email: string; password: string }, path = '/signin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Senha').fill(credentials.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

/** The session cookie the web app writes (docs/design.md §5). */
export async function sessionToken(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'semear.token')?.value;
}
