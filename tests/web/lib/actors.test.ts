import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { User } from '../../../contracts';
import { provideAnalyticsQueue } from '../../../src/lib/actors/analytics';
import { startAuthSession } from '../../../src/lib/actors/auth';
import { ConfirmCancelledError, createConfirmService } from '../../../src/lib/actors/confirm';
import type { AuthBroadcast, AuthBroadcastMessage } from '../../../src/lib/broadcast';
import { clearSessionTokens, getToken, storeSessionTokens } from '../../../src/lib/cookies';
import { makeUser, pageView } from '../../machines/support/fixtures';

const ana = makeUser();

/** An in-memory broadcast: `deliver` plays another tab's message, `posted` is what this tab sent. */
function fakeBroadcast() {
  const listeners = new Set<(m: AuthBroadcastMessage) => void>();
  const posted: AuthBroadcastMessage[] = [];
  const broadcast: AuthBroadcast = {
    post: (m) => void posted.push(m),
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    close: () => listeners.clear(),
  };
  return { broadcast, posted, deliver: (m: AuthBroadcastMessage) => listeners.forEach((l) => l(m)), listeners };
}

function fakeClient() {
  let listener: (() => void) | undefined;
  return {
    client: { onSessionExpired: (l: () => void) => ((listener = l), () => (listener = undefined)) },
    expire: () => listener?.(),
  };
}

afterEach(() => clearSessionTokens());

describe('startAuthSession', () => {
  const start = (opts: { user?: User | null; fetchProfile?: () => Promise<User>; signOut?: (r?: string) => Promise<void> } = {}) => {
    const tabs = fakeBroadcast();
    const http = fakeClient();
    const api = {
      fetchProfile: opts.fetchProfile ?? (() => Promise.reject(new Error('no session'))),
      signOut: vi.fn(opts.signOut ?? (() => Promise.resolve())),
    };
    const session = startAuthSession(
      { user: opts.user },
      { loadApi: async () => api, broadcast: tabs.broadcast, loadClient: async () => http.client },
    );
    return { session, tabs, http, api };
  };

  it('loads the user at start and signs in', async () => {
    storeSessionTokens({ token: 't', refreshToken: 'r' });
    const { session } = start({ fetchProfile: () => Promise.resolve(ana) });
    await vi.waitFor(() => expect(session.actor.getSnapshot().value).toBe('signedIn'));
    expect(session.actor.getSnapshot().context.user).toEqual(ana);
    session.stop();
  });

  it('form sign-in writes the cookies and tells the other tabs', () => {
    const { session, tabs } = start({ user: null });
    session.actor.send({ type: 'auth.signedIn', user: ana, token: 'tok', refreshToken: 'ref' });
    expect(getToken()).toBe('tok');
    expect(tabs.posted).toEqual([{ type: 'signedIn', user: ana }]);
    session.stop();
  });

  it('sign-out revokes with the refresh token it had, clears the cookies and tells the other tabs', async () => {
    storeSessionTokens({ token: 'tok', refreshToken: 'ref-7' });
    const { session, tabs, api } = start({ user: ana, signOut: () => Promise.reject(new Error('offline')) });
    session.actor.send({ type: 'auth.signOutRequested' });
    expect(document.cookie).toBe('');
    expect(tabs.posted).toEqual([{ type: 'signedOut' }]);
    await vi.waitFor(() => expect(api.signOut).toHaveBeenCalledWith('ref-7'));
    await Promise.resolve();
    expect(session.actor.getSnapshot().status).toBe('active');
    session.stop();
  });

  it('hears the other tabs without echoing them', () => {
    const { session, tabs } = start({ user: ana });
    tabs.deliver({ type: 'signedOut' });
    expect(session.actor.getSnapshot().value).toBe('signedOut');
    tabs.deliver({ type: 'signedIn', user: ana });
    expect(session.actor.getSnapshot().value).toBe('signedIn');
    expect(tabs.posted).toEqual([]);
    session.stop();
  });

  it('a session ended by the API client signs out', async () => {
    const { session, http } = start({ user: ana });
    await vi.waitFor(() => {
      http.expire();
      expect(session.actor.getSnapshot().value).toBe('signedOut');
    });
    session.stop();
  });

  it('stop() unsubscribes everything', () => {
    const { session, tabs } = start({ user: ana });
    session.stop();
    expect(tabs.listeners.size).toBe(0);
    expect(session.actor.getSnapshot().status).toBe('stopped');
  });
});

describe('createConfirmService', () => {
  it('resolves on confirm', async () => {
    const { actor, confirm } = createConfirmService();
    const answer = confirm({ title: 'Excluir?' });
    expect(actor.getSnapshot().hasTag('state:open')).toBe(true);
    actor.send({ type: 'dialog.confirmed' });
    await expect(answer).resolves.toBeUndefined();
  });

  it.each(['dialog.cancelled', 'dialog.closed'] as const)('rejects on %s', async (type) => {
    const { actor, confirm } = createConfirmService();
    const answer = confirm({ title: 'Excluir?' });
    actor.send({ type });
    await expect(answer).rejects.toBeInstanceOf(ConfirmCancelledError);
  });

  it('a second confirm() over an open one rejects the first', async () => {
    const { actor, confirm } = createConfirmService();
    const first = confirm({ title: 'A' });
    const second = confirm({ title: 'B' });
    await expect(first).rejects.toBeInstanceOf(ConfirmCancelledError);
    actor.send({ type: 'dialog.confirmed' });
    await expect(second).resolves.toBeUndefined();
  });
});

describe('provideAnalyticsQueue', () => {
  it('sends the queued views through the analytics api every 3 s', async () => {
    vi.useFakeTimers();
    const sendPageViews = vi.fn(() => Promise.resolve());
    const actor = createActor(provideAnalyticsQueue({ sendPageViews })).start();
    actor.send({ type: 'analytics.pageViewed', ...pageView('/') });
    await vi.advanceTimersByTimeAsync(3000);
    expect(sendPageViews).toHaveBeenCalledWith([pageView('/')]);
    actor.stop();
    vi.useRealTimers();
  });
});
