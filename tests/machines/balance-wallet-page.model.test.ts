import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { walletPageMachine, type WalletPageContext } from '../../machines/wallet/wallet-page.machine';
import { controllableActors, describePath, replayPath, shortestPaths, type GraphEvent } from './support/replay';
import { chosenLibrary, library, pageData, statementPage1 } from '../web/wallet-fixtures';

/**
 * Model-based test of /profile/wallet's machine (the page beside the live balance): loading and its
 * failure and retry, saving the cause (and failing to), statement pages, and the quiet refresh when
 * the balance moves; replayed on a live actor with controllable fakes.
 */

const refreshed = { ...pageData, overview: { ...pageData.overview, balance: 3_000 } };

const events: GraphEvent[] = [
  { type: 'xstate.done.actor.loadWallet', output: pageData },
  { type: 'xstate.done.actor.loadWallet', output: refreshed },
  { type: 'xstate.error.actor.loadWallet', error: new Error('503') },
  { type: 'wallet.retried' },
  { type: 'cause.selected', slug: library.slug },
  { type: 'xstate.done.actor.saveCause', output: chosenLibrary },
  { type: 'xstate.error.actor.saveCause', error: new Error('422') },
  { type: 'statement.pageRequested', page: 1 },
  { type: 'statement.pageRequested', page: 0 },
  { type: 'xstate.done.actor.loadStatement', output: statementPage1 },
  { type: 'xstate.error.actor.loadStatement', error: new Error('503') },
  { type: 'wallet.changed' },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * The page's regions run side by side (saving the cause while a statement page loads), so its simple
 * paths are too many to list: every distinct screen-with-data is reached by its shortest path instead.
 */
describe('wallet page model', () => {
  const paths = shortestPaths(walletPageMachine, { events, limit: 5_000 });

  it('reaches the failure, saving, paging and refreshing screens', () => {
    const tags = new Set(paths.flatMap((p) => p.steps.flatMap((s) => [...s.state.tags])));
    expect([...tags]).toEqual(
      expect.arrayContaining(['state:loading', 'state:failed', 'state:ready', 'state:savingCause', 'state:loadingStatement']),
    );
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
    const controls = controllableActors(walletPageMachine, ['loadWallet', 'loadStatement', 'saveCause']);
    const failed: unknown[] = [];
    let saved = 0;
    const machine = walletPageMachine.provide({
      actors: controls.actors,
      actions: { failed: (_, { error }) => void failed.push(error), causeSaved: () => void (saved += 1) },
    });
    const actor = createActor(machine).start();
    const invariant = (snapshot: AnyMachineSnapshot) => {
      const { data } = snapshot.context as WalletPageContext;
      // The page shows data whenever it is ready; a failed first load shows none.
      expect(data !== null).toBe(snapshot.hasTag('state:ready'));
      // The cause saved is the one the wallet now names, and a save is only ever said once it happened.
      if (saved > 0) expect(data?.overview.chosen_cause).toEqual(library);
      // A statement page is always one the API gave.
      if (data) expect([0, 1]).toContain(data.statement.page);
    };
    await replayPath(actor, machine, path, controls, invariant);
    // Every failure is reported except the quiet refresh's (the page keeps what it shows).
    const before = (i: number) => path.steps[i - 1]?.state;
    const reported = path.steps.filter(
      (step, i) =>
        step.event.type.startsWith('xstate.error.actor.') && !(step.event.type.endsWith('loadWallet') && before(i)?.hasTag('state:ready')),
    );
    expect(failed).toHaveLength(reported.length);
    expect(saved).toBe(path.steps.filter((step) => (step.event.type as string) === 'xstate.done.actor.saveCause').length);
    const inputs = controls.calls('saveCause') as Array<{ slug: string | null }>;
    expect(inputs.every((i) => i.slug === library.slug)).toBe(true);
    actor.stop();
  });
});
