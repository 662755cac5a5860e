import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { createAccount, newIndividual } from './helpers/accounts';
import { laneServer } from './helpers/lane-server';

// The server's signing secret (generated on first start): lets the test hold an access token that
// expired a minute ago, as a browser tab left open past the token's 15 minutes would.
async function expiredAccessToken(userId: string): Promise<string> {
  const secret = readFileSync(join(laneServer().dataDir, 'jwt-secret'), 'utf8').trim();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(now - 960)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}

async function setSessionCookies(page: Page, token: string, refreshToken: string) {
  const { url } = laneServer();
  await page.context().addCookies([
    { name: 'semear.token', value: token, url, sameSite: 'Lax' },
    { name: 'semear.refresh_token', value: refreshToken, url, sameSite: 'Lax' },
  ]);
}

const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)?.value;

test.describe('session tokens', () => {
  test('an expired access token is refreshed once, silently, and the page loads signed in', async ({ page, request }) => {
    const account = await createAccount(request, newIndividual({ name: 'Renata Renovada' }));
    const session = await (await request.post('/api/v1/sessions', { data: { email: account.email, password: account.password } })).json();
    await setSessionCookies(page, await expiredAccessToken(session.user.id), session.refresh_token);

    const refreshes: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/v1/sessions/refresh/token') && refreshes.push(r.method()));
    await page.goto('/profile');

    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByText('Renata Renovada').first()).toBeVisible();
    expect(refreshes).toEqual(['POST']);
    // Both cookies were rotated: the old refresh token is spent.
    expect(await cookie(page, 'semear.refresh_token')).not.toBe(session.refresh_token);
    expect(await cookie(page, 'semear.token')).not.toBe(undefined);
  });

  test('when the refresh fails, both cookies are deleted and the visitor is signed out', async ({ page, request }) => {
    const account = await createAccount(request, newIndividual());
    const session = await (await request.post('/api/v1/sessions', { data: { email: account.email, password: account.password } })).json();
    // Signing out elsewhere revoked the refresh family.
    await request.delete('/api/v1/sessions', { data: { refresh_token: session.refresh_token } });
    await setSessionCookies(page, await expiredAccessToken(session.user.id), session.refresh_token);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
    expect(await cookie(page, 'semear.token')).toBeUndefined();
    expect(await cookie(page, 'semear.refresh_token')).toBeUndefined();
  });
});
