import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  authMachine,
  isAdminFor,
  selectIsLoading,
  selectIsSignedIn,
  selectUser,
  type AuthInput,
} from '../../../machines/auth/auth.machine';
import { makeAdmin, makeUser } from '../support/fixtures';
import { controllableActors, describePath, flush, pathsOf, replayPath, type GraphEvent } from '../support/replay';

const ana = makeUser();
const anaRenamed = makeUser({ name: 'Ana Lima' });
const bia = makeUser({ id: 'u-2', name: 'Bia Costa', email: 'bia@semear.dev' });

/** The auth machine with fake actors and spied actions, and a log of what the actions did. */
function harness(input: AuthInput = {}) {
  const fakes = controllableActors(authMachine, ['loadCurrentUser', 'revokeSession']);
  const log: string[] = [];
  const spies = {
    persistSession: vi.fn((_: unknown, tokens: { token: string; refreshToken: string }) => log.push(`persist:${tokens.token}`)),
    clearSession: vi.fn(() => log.push('clear')),
    broadcastSignedIn: vi.fn((_: unknown, params: { user: { id: string } }) => log.push(`broadcastIn:${params.user.id}`)),
    broadcastSignedOut: vi.fn(() => log.push('broadcastOut')),
  };
  const machine = authMachine.provide({
    actors: {
      loadCurrentUser: fakes.actors.loadCurrentUser,
      revokeSession: fakes.actors.revokeSession,
    },
    actions: spies,
  });
  const actor = createActor(machine, { input });
  return { actor, machine, fakes, spies, log };
}

const events: GraphEvent[] = [
  { type: 'auth.signedIn', user: ana, token: 't-1', refreshToken: 'r-1' },
  { type: 'auth.signOutRequested' },
  { type: 'auth.userUpdated', user: anaRenamed },
  { type: 'auth.remoteSignedIn', user: bia },
  { type: 'auth.remoteSignedOut' },
  { type: 'auth.expired' },
  { type: 'xstate.done.actor.loadCurrentUser', output: ana },
  { type: 'xstate.error.actor.loadCurrentUser', error: new Error('401') },
];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ['without a user (loads it)', {}],
  ['with a user from page props', { user: ana }],
] as const)('auth: model-based, started %s', (_label, input: AuthInput) => {
  const paths = pathsOf(authMachine, { events, input });

  it('reaches signed in and signed out', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toContain('"signedIn"');
    expect(reached).toContain('"signedOut"');
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const { actor, fakes } = harness(input);
    actor.start();
    await replayPath(actor, authMachine, path, fakes, (snapshot) => {
      // Exactly one of the three tags, and a user exactly when signed in.
      const tags = ['state:loading', 'state:signedIn', 'state:signedOut'].filter((t) => snapshot.hasTag(t));
      expect(tags).toHaveLength(1);
      expect(snapshot.context.user !== null).toBe(snapshot.hasTag('state:signedIn'));
    });
    actor.stop();
  });
});

describe('auth: spec rules', () => {
  it('loads the current user once at start', async () => {
    const { actor, fakes } = harness();
    actor.start();
    expect(actor.getSnapshot().value).toBe('authenticating');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    fakes.resolve('loadCurrentUser', ana);
    await flush();
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(selectUser(actor.getSnapshot())).toEqual(ana);
    expect(fakes.calls('loadCurrentUser')).toHaveLength(1);
  });

  it('skips the load when a user was supplied', () => {
    const { actor, fakes } = harness({ user: ana });
    actor.start();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(fakes.calls('loadCurrentUser')).toHaveLength(0);
  });

  it('is silent when the load fails: signed out, no error kept, no retry, nothing broadcast', async () => {
    const { actor, fakes, log } = harness();
    actor.start();
    fakes.reject('loadCurrentUser', new Error('Token indefinido.'));
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.hasTag('state:signedOut')).toBe(true);
    expect(snapshot.context).toEqual({ user: null });
    expect(snapshot.status).toBe('active');
    expect(fakes.calls('loadCurrentUser')).toHaveLength(1);
    expect(log).toEqual([]);
  });

  it('a form sign-in persists the session and tells the other tabs', async () => {
    const { actor, fakes, log } = harness();
    actor.start();
    fakes.reject('loadCurrentUser', new Error('no session'));
    await flush();
    actor.send({ type: 'auth.signedIn', user: ana, token: 't-1', refreshToken: 'r-1' });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(log).toEqual(['persist:t-1', 'broadcastIn:u-1']);
  });

  it('sign-out hands the session to revokeSession (cookies + DELETE /sessions) and tells the other tabs', async () => {
    const { actor, log, fakes } = harness({ user: ana });
    actor.start();
    actor.send({ type: 'auth.signOutRequested' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    // No clearSession: it would delete the refresh token before revokeSession could read it.
    expect(log).toEqual(['broadcastOut']);
    expect(fakes.calls('revokeSession')).toHaveLength(1);
    // Best effort: a failing DELETE /sessions changes nothing.
    fakes.reject('revokeSession', new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('cross-tab sign-out: signs out without echoing or touching cookies', () => {
    const { actor, log } = harness({ user: ana });
    actor.start();
    actor.send({ type: 'auth.remoteSignedOut' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual([]);
  });

  it("cross-tab sign-in: signs in with the other tab's user without echoing", () => {
    const { actor, log } = harness({ user: null });
    actor.start();
    actor.send({ type: 'auth.remoteSignedOut' });
    actor.send({ type: 'auth.remoteSignedIn', user: bia });
    expect(selectUser(actor.getSnapshot())).toEqual(bia);
    expect(log).toEqual([]);
  });

  it('cross-tab sign-in while still loading wins over the load', async () => {
    const { actor } = harness();
    actor.start();
    actor.send({ type: 'auth.remoteSignedIn', user: bia });
    expect(selectUser(actor.getSnapshot())).toEqual(bia);
  });

  it('an expired session signs out, clears cookies and tells the other tabs', () => {
    const { actor, log } = harness({ user: ana });
    actor.start();
    actor.send({ type: 'auth.expired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(log).toEqual(['clear', 'broadcastOut']);
  });

  it('profile updates replace the user only while signed in', () => {
    const { actor } = harness({ user: ana });
    actor.start();
    actor.send({ type: 'auth.userUpdated', user: anaRenamed });
    expect(selectUser(actor.getSnapshot())?.name).toBe('Ana Lima');
    actor.send({ type: 'auth.signOutRequested' });
    actor.send({ type: 'auth.userUpdated', user: ana });
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });
});

describe('auth: isAdminFor', () => {
  const snapshotFor = (input: AuthInput) => {
    const { actor } = harness(input);
    actor.start();
    return actor.getSnapshot();
  };

  it('needs role ADMIN and every permission of the route', () => {
    const financeAdmin = snapshotFor({ user: makeAdmin(['MANAGE_FINANCES']) });
    expect(isAdminFor('/admin/finances')(financeAdmin)).toBe(true);
    expect(isAdminFor('/admin/pix-keys')(financeAdmin)).toBe(false);
    const fullAdmin = snapshotFor({ user: makeAdmin(['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']) });
    expect(isAdminFor('/admin/donations')(fullAdmin)).toBe(true);
  });

  it('refuses permissions without the ADMIN role, and signed-out visitors', () => {
    const donor = snapshotFor({ user: makeUser({ permissions: [{ id: 'p', name: 'MANAGE_FINANCES' }] }) });
    expect(isAdminFor('/admin/finances')(donor)).toBe(false);
    expect(isAdminFor('/admin/finances')(snapshotFor({}))).toBe(false);
  });
});
