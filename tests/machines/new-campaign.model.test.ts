import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { CAMPAIGN_TITLE_MAX } from '../../contracts/admin-campaign-editor';
import { adminMessages } from '../../contracts/admin-messages';
import { newCampaignMachine, type NewCampaignContext } from '../../machines/admin/new-campaign.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of /admin/campaigns/new (issue 13), generated from the machine's graph: every
 * transition replayed on a live actor whose `create` is a fake the test resolves or rejects. A title
 * the schema refuses never reaches the server and says why; a refused or failed create keeps the
 * title with the server's reason; only a created draft opens the editor, once, on its slug.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const taken = { status: 409, code: 'campaign.slug_taken', messages: ['Já existe uma campanha com esse endereço.'] };
const tooLong = 'x'.repeat(CAMPAIGN_TITLE_MAX + 1);

const events: GraphEvent[] = [
  { type: 'title.submitted', title: '  Horta comunitária  ' },
  { type: 'title.submitted', title: '   ' },
  { type: 'title.submitted', title: tooLong },
  { type: 'xstate.done.actor.create', output: { slug: 'horta-comunitaria' } },
  { type: 'xstate.error.actor.create', error: taken },
  // Not normalised by the API client (the network failed): read as an unknown failure.
  { type: 'xstate.error.actor.create', error: new TypeError('Failed to fetch') },
];

describe('new campaign machine model', () => {
  const paths = pathsOf(newCampaignMachine, { events });

  it('reaches idle with each problem and failure, creating and created', () => {
    const ends = paths.flatMap((path) => path.steps.map((step) => step.state));
    expect(new Set(ends.flatMap((s) => [...s.tags]))).toEqual(new Set(['state:idle', 'state:creating', 'state:created']));
    const context = ends.map((s) => s.context as NewCampaignContext);
    expect(new Set(context.map((c) => c.problem))).toEqual(new Set([null, adminMessages.titleRequired.id, adminMessages.titleTooLong.id]));
    expect(new Set(context.map((c) => c.failure?.messages[0] ?? null))).toEqual(new Set([null, taken.messages[0], 'error.unknown']));
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(newCampaignMachine, ['create']);
    const opened = vi.fn();
    const machine = newCampaignMachine.provide({ actors: controls.actors, actions: { opened: (_, params) => opened(params) } });
    const actor = createActor(machine).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as NewCampaignContext;
      expect(['state:idle', 'state:creating', 'state:created'].filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
      // A problem is the schema's, for a title still being typed: nothing was sent for it.
      if (context.problem !== null) expect(snapshot.hasTag('state:idle')).toBe(true);
      if (snapshot.hasTag('state:creating')) {
        // What is sent is the trimmed title, with no problem or failure left over.
        expect(controls.calls('create').at(-1)).toEqual({ title: 'Horta comunitária' });
        expect([context.title, context.problem, context.failure]).toEqual(['Horta comunitária', null, null]);
      }
      if (context.failure !== null) expect(snapshot.hasTag('state:idle')).toBe(true);
      // The editor opens exactly when the draft exists, on its slug.
      expect(opened.mock.calls).toEqual(snapshot.hasTag('state:created') ? [[{ slug: 'horta-comunitaria' }]] : []);
      expect(snapshot.status === 'done').toBe(snapshot.hasTag('state:created'));
    });
    // Only a title the schema accepts reaches the server, once per submission.
    const sent = path.steps.filter((step) => step.event.type === 'title.submitted' && step.state.hasTag('state:creating')).length;
    expect(controls.calls('create')).toHaveLength(sent);
    actor.stop();
  });
});

describe('new campaign machine', () => {
  it("keeps the refused title with the schema's reason, then the server's", async () => {
    const controls = controllableActors(newCampaignMachine, ['create']);
    const actor = createActor(newCampaignMachine.provide({ actors: controls.actors })).start();
    actor.send({ type: 'title.submitted', title: tooLong });
    expect(actor.getSnapshot().context).toEqual({ title: tooLong, problem: adminMessages.titleTooLong.id, failure: null });
    actor.send({ type: 'title.submitted', title: ' Horta ' });
    controls.reject('create', taken);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toEqual({
      title: 'Horta',
      problem: null,
      failure: { status: 409, code: 'campaign.slug_taken', messages: taken.messages },
    });
    expect(controls.calls('create')).toEqual([{ title: 'Horta' }]);
    actor.stop();
  });
});
