import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { balanceMachine, selectBalance, selectIsVisible, type BalanceEvent } from '../../machines/wallet/balance.machine';

/** The balance machine's rules (docs/spec.md §3, §4, §8) with fake side effects. */

function fakeChannel() {
  const channel = { push: (_balance: number) => {}, userIds: [] as string[], closed: 0 };
  const logic = fromCallback<BalanceEvent, { userId: string }>(({ input, sendBack }) => {
    channel.userIds.push(input.userId);
    channel.push = (balance) => sendBack({ type: 'balance.updated', balance });
    return () => {
      channel.closed += 1;
    };
  });
  return { channel, logic };
}

function start({ visible, load }: { visible?: boolean; load: (userId: string) => Promise<number> }) {
  const { channel, logic } = fakeChannel();
  const remembered: boolean[] = [];
  const machine = balanceMachine.provide({
    actors: { loadBalance: fromPromise(({ input }) => load(input.userId)), realtimeBalance: logic },
    actions: { rememberVisibility: (_, { visible: v }) => void remembered.push(v) },
  });
  const actor = createActor(machine, { input: { userId: 'user-1', visible } }).start();
  return { actor, channel, remembered };
}

const deferred = () => {
  let resolve!: (value: number) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('balance machine', () => {
  it('is null (loading) until the balance of that donor arrives, then shows it', async () => {
    const answer = deferred();
    const load = vi.fn(() => answer.promise);
    const { actor, channel } = start({ load });
    expect(selectBalance(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(true);
    expect(load).toHaveBeenCalledWith('user-1');
    expect(channel.userIds).toEqual(['user-1']);
    answer.resolve(12_345);
    await vi.waitFor(() => expect(selectBalance(actor.getSnapshot())).toBe(12_345));
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(false);
  });

  it('shows 0 when the balance cannot be loaded', async () => {
    const { actor } = start({ load: () => Promise.reject(new Error('503')) });
    await vi.waitFor(() => expect(selectBalance(actor.getSnapshot())).toBe(0));
    expect(actor.getSnapshot().matches({ amount: 'known' })).toBe(true);
  });

  it('replaces the balance with every realtime update', async () => {
    const { actor, channel } = start({ load: () => Promise.resolve(5_000) });
    await vi.waitFor(() => expect(selectBalance(actor.getSnapshot())).toBe(5_000));
    channel.push(15_000);
    expect(selectBalance(actor.getSnapshot())).toBe(15_000);
    channel.push(0);
    expect(selectBalance(actor.getSnapshot())).toBe(0);
  });

  it('takes a realtime update that arrives while loading, and the older answer does not overwrite it', async () => {
    const answer = deferred();
    const { actor, channel } = start({ load: () => answer.promise });
    channel.push(7_000);
    expect(selectBalance(actor.getSnapshot())).toBe(7_000);
    answer.resolve(2_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectBalance(actor.getSnapshot())).toBe(7_000);
  });

  it('shows the balance by default; the toggle hides and shows it and remembers each choice', () => {
    const { actor, remembered } = start({ load: () => Promise.resolve(100) });
    expect(selectIsVisible(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'balance.toggled' });
    expect(selectIsVisible(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().hasTag('state:hidden')).toBe(true);
    actor.send({ type: 'balance.toggled' });
    expect(selectIsVisible(actor.getSnapshot())).toBe(true);
    expect(remembered).toEqual([false, true]);
  });

  it('starts hidden when the donor hid it last time, without storing anything', () => {
    const { actor, remembered } = start({ visible: false, load: () => Promise.resolve(100) });
    expect(actor.getSnapshot().hasTag('state:hidden')).toBe(true);
    expect(remembered).toEqual([]);
  });

  it('hiding keeps the amount up to date underneath', async () => {
    const { actor, channel } = start({ visible: false, load: () => Promise.resolve(100) });
    channel.push(900);
    actor.send({ type: 'balance.toggled' });
    expect(selectBalance(actor.getSnapshot())).toBe(900);
  });

  it('leaves the realtime channel when stopped', () => {
    const { actor, channel } = start({ load: () => Promise.resolve(100) });
    actor.stop();
    expect(channel.closed).toBe(1);
  });

  it('fails loudly when used without its side effects', async () => {
    const actor = createActor(balanceMachine, { input: { userId: 'u' } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    expect(String(errors[0])).toMatch(/realtimeBalance not provided/);
  });
});
