import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAuthSession, type AuthSession } from '../../../src/lib/actors/auth';
import { getRefreshToken, getToken } from '../../../src/lib/cookies';
import { userWith } from '../app/fixtures';

vi.mock('../../../src/lib/api/auth', () => ({
  authApi: { fetchProfile: vi.fn(async () => userWith()), signOut: vi.fn(async () => {}) },
}));

let session: AuthSession | undefined;
afterEach(() => {
  session?.stop();
  document.cookie = 'semear.token=; Max-Age=0; Path=/';
  document.cookie = 'semear.refresh_token=; Max-Age=0; Path=/';
});

describe('the auth session with its real, lazily loaded collaborators', () => {
  it('is signed out at once, without the API, when there is no token cookie', async () => {
    session = startAuthSession();
    await vi.waitFor(() => expect(session!.actor.getSnapshot().hasTag('state:signedOut')).toBe(true));
    const { authApi } = await import('../../../src/lib/api/auth');
    expect(authApi.fetchProfile).not.toHaveBeenCalled();
  });

  it('loads the user when there is a token cookie', async () => {
    document.cookie = 'semear.token=abc; Path=/';
    session = startAuthSession();
    await vi.waitFor(() => expect(session!.actor.getSnapshot().hasTag('state:signedIn')).toBe(true));
    expect(session.actor.getSnapshot().context.user?.email).toBe('ana@exemplo.com');
  });

  it('writes the cookies on sign-in and deletes them on sign-out', async () => {
    session = startAuthSession();
    await vi.waitFor(() => expect(session!.actor.getSnapshot().hasTag('state:signedOut')).toBe(true));
    session.actor.send({ type: 'auth.signedIn', user: userWith(), token: 'tok', refreshToken: 'ref' });
    expect(getToken()).toBe('tok');
    expect(getRefreshToken()).toBe('ref');
    session.actor.send({ type: 'auth.signOutRequested' });
    expect(session.actor.getSnapshot().hasTag('state:signedOut')).toBe(true);
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    const { authApi } = await import('../../../src/lib/api/auth');
    await vi.waitFor(() => expect(authApi.signOut).toHaveBeenCalledWith('ref'));
  });
});

describe('the cross-tab channel', () => {
  it('signs this tab out when another tab signs out, and in when another signs in', async () => {
    document.cookie = 'semear.token=abc; Path=/';
    session = startAuthSession();
    await vi.waitFor(() => expect(session!.actor.getSnapshot().hasTag('state:signedIn')).toBe(true));
    const other = new BroadcastChannel('semear.auth');
    other.postMessage({ type: 'signedOut' });
    await vi.waitFor(() => expect(session!.actor.getSnapshot().hasTag('state:signedOut')).toBe(true));
    other.postMessage({ type: 'signedIn', user: userWith({ roles: ['ADMIN'] }) });
    await vi.waitFor(() => expect(session!.actor.getSnapshot().hasTag('state:signedIn')).toBe(true));
    other.postMessage({ type: 'signedIn', user: { id: 'forged' } });
    other.close();
  });

  it('tells other tabs about sign-in and sign-out', async () => {
    session = startAuthSession();
    await vi.waitFor(() => expect(session!.actor.getSnapshot().hasTag('state:signedOut')).toBe(true));
    const other = new BroadcastChannel('semear.auth');
    const heard: unknown[] = [];
    other.onmessage = (event) => heard.push(event.data);
    session.actor.send({ type: 'auth.signedIn', user: userWith(), token: 't', refreshToken: 'r' });
    session.actor.send({ type: 'auth.signOutRequested' });
    await vi.waitFor(() => expect(heard.map((m) => (m as { type: string }).type)).toEqual(['signedIn', 'signedOut']));
    other.close();
  });
});
