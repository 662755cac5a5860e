import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthBroadcast, parseAuthBroadcastMessage, type AuthBroadcast, type AuthBroadcastMessage } from '../../../src/lib/broadcast';
import { makeUser } from '../../machines/support/fixtures';

const user = makeUser();
const opened: AuthBroadcast[] = [];
const open = (name?: string) => {
  const b = createAuthBroadcast(name);
  opened.push(b);
  return b;
};

afterEach(() => {
  opened.splice(0).forEach((b) => b.close());
  vi.unstubAllGlobals();
});

/** Waits until `received` has `count` messages (BroadcastChannel delivers asynchronously). */
const received = () => {
  const messages: AuthBroadcastMessage[] = [];
  return { messages, listener: (m: AuthBroadcastMessage) => messages.push(m) };
};

describe('auth broadcast over BroadcastChannel', () => {
  it('delivers sign-in and sign-out to the other tabs, not to the sender', async () => {
    const tabA = open('semear.auth.test-1');
    const tabB = open('semear.auth.test-1');
    const inA = received();
    const inB = received();
    tabA.subscribe(inA.listener);
    tabB.subscribe(inB.listener);
    tabA.post({ type: 'signedIn', user });
    tabA.post({ type: 'signedOut' });
    await vi.waitFor(() => expect(inB.messages).toHaveLength(2));
    expect(inB.messages).toEqual([{ type: 'signedIn', user }, { type: 'signedOut' }]);
    expect(inA.messages).toEqual([]);
  });
});

describe('auth broadcast fallback over storage events', () => {
  it('writes to localStorage and hears other tabs through the storage event', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const tab = open();
    const inTab = received();
    tab.subscribe(inTab.listener);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    tab.post({ type: 'signedOut' });
    expect(setItem).toHaveBeenCalledWith('semear.auth', expect.stringContaining('"signedOut"'));
    // Same tab: browsers do not fire `storage` for the writer, so nothing arrives.
    expect(inTab.messages).toEqual([]);
    // Another tab's write:
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'semear.auth', newValue: JSON.stringify({ message: { type: 'signedIn', user }, nonce: '1' }) }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '{}' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'semear.auth', newValue: 'not json' }));
    expect(inTab.messages).toEqual([{ type: 'signedIn', user }]);
    setItem.mockRestore();
  });
});

describe('parseAuthBroadcastMessage', () => {
  it('accepts the two messages and refuses anything else', () => {
    expect(parseAuthBroadcastMessage({ type: 'signedOut' })).toEqual({ type: 'signedOut' });
    expect(parseAuthBroadcastMessage({ type: 'signedIn', user })).toEqual({ type: 'signedIn', user });
    expect(parseAuthBroadcastMessage({ type: 'signedIn', user: { id: 'x' } })).toBeUndefined();
    expect(parseAuthBroadcastMessage({ type: 'hack' })).toBeUndefined();
    expect(parseAuthBroadcastMessage('signedOut')).toBeUndefined();
  });
});
