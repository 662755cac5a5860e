import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { StatementYears } from '../../contracts/statements';
import { statementsMachine, type StatementsContext } from '../../machines/profile/statements.machine';
import { controllableActors, describePath, flush, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the profile's "Comprovantes" (issue 50, item 2): every transition replayed. The years load
 * (none, some, or the server away and a retry), one PDF downloads at a time, and a refused download keeps the
 * list and says why until the next one starts.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const years: StatementYears = [
  { year: 2030, total: 7_500, company_declaration: true },
  { year: 2029, total: 9_000, company_declaration: false },
];

const events: GraphEvent[] = [
  { type: 'xstate.done.actor.loadYears', output: years },
  { type: 'xstate.done.actor.loadYears', output: [] },
  { type: 'xstate.error.actor.loadYears', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'statements.retried' },
  { type: 'statements.downloaded', year: 2030, document: 'statement' },
  { type: 'statements.downloaded', year: 2030, document: 'declaration' },
  { type: 'xstate.done.actor.download', output: undefined },
  { type: 'xstate.error.actor.download', error: { status: 409, messages: ['A organização ainda não pode emitir declarações.'] } },
];

describe('statements machine', () => {
  const paths = pathsOf(statementsMachine, { events });

  it('reaches every state', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect([...values].sort()).toEqual(['"downloading"', '"empty"', '"listed"', '"loading"', '"unavailable"']);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(statementsMachine, ['loadYears', 'download']);
    const machine = statementsMachine.provide({ actors: controls.actors });
    const actor = createActor(machine).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as StatementsContext;
      const shown = ['state:loading', 'state:empty', 'state:unavailable', 'state:listed'].filter((tag) => snapshot.hasTag(tag));
      expect(shown).toHaveLength(1);
      if (snapshot.hasTag('state:listed')) expect(context.years.length).toBeGreaterThan(0);
      if (snapshot.hasTag('state:downloading')) expect(context.failure).toBeNull();
      if (context.failure) expect(context.download).not.toBeNull();
    });
    actor.stop();
  });

  it('downloads the year and document asked for, and a refusal stays shown until the next download', async () => {
    const controls = controllableActors(statementsMachine, ['loadYears', 'download']);
    const actor = createActor(statementsMachine.provide({ actors: controls.actors })).start();
    controls.resolve('loadYears', years);
    await flush();
    actor.send({ type: 'statements.downloaded', year: 2030, document: 'declaration' });
    await flush();
    expect(controls.calls('download')).toEqual([{ year: 2030, document: 'declaration' }]);
    controls.reject('download', { status: 409, messages: ['Não pode.'] });
    await flush();
    expect(actor.getSnapshot().context.failure?.messages).toEqual(['Não pode.']);
    actor.send({ type: 'statements.downloaded', year: 2029, document: 'statement' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.stop();
  });
});
