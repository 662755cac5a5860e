import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, sendTo, setup, type AnyMachineSnapshot } from 'xstate';
import { emptyCampaignContent, type CampaignEditorData } from '../../contracts/admin-campaign-editor';
import {
  campaignEditorMachine,
  type CampaignEditorContext,
  type CampaignEditorEvent,
  type EditorLoaded,
} from '../../machines/admin/campaign-editor.machine';
import { campaignSectionMachine, type SectionContext } from '../../machines/admin/campaign-section.machine';
import { controllableActors, describePath, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the campaign editor (issue 13), generated from its graph: every transition
 * replayed on a live actor, with saves that succeed, fail and conflict, lifecycle actions and restores.
 * Invariants: leaving asks first whenever something is not on the server (tag `unsaved`); a conflict
 * always carries the other save; an action runs only over a saved draft.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const content = { ...emptyCampaignContent, title: 'Horta', slug: 'horta' };
const editor: CampaignEditorData = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'draft',
  version: 1,
  live_slug: 'horta',
  content,
  saved_at: '2026-11-25T12:00:00.000Z',
  saved_by: { name: 'Ana' },
  unpublished_changes: true,
  starts_at: null,
  ends_at: null,
  donation_count: 0,
  actions: ['publish', 'schedule', 'archive'],
  missing: ['summary', 'story', 'cover', 'category', 'organiser'],
};
const loaded: EditorLoaded = { editor, versions: [], audit: [] };
const theirs = {
  version: 5,
  content: { ...content, title: 'Horta do Bruno' },
  saved_at: '2026-11-25T12:01:00.000Z',
  saved_by: { name: 'Bruno' },
};
const conflictError = { status: 409, code: 'campaign.draft_conflict', messages: ['Outra pessoa salvou…'], current: theirs };
const notReady = { status: 422, code: 'campaign.not_ready', messages: ['Para publicar, a campanha precisa de…'] };

describe('campaign editor machine', () => {
  const events: GraphEvent[] = [
    { type: 'xstate.done.actor.load', output: loaded },
    { type: 'xstate.error.actor.load', error: { status: 404, messages: ['Campanha não encontrada.'] } },
    { type: 'xstate.error.actor.load', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'editor.retried' },
    { type: 'section.reported', section: 'basics', values: { title: 'Horta viva' }, valid: true },
    { type: 'section.reported', section: 'basics', values: { title: 'x'.repeat(130) }, valid: false },
    { type: 'xstate.after.autosave.campaignEditor.editing.changed' },
    { type: 'xstate.after.retry.campaignEditor.editing.saveFailed' },
    { type: 'save.requested' },
    { type: 'xstate.done.actor.save', output: { version: 2, saved_at: '2026-11-25T12:00:05.000Z', unpublished_changes: true } },
    { type: 'xstate.error.actor.save', error: conflictError },
    { type: 'xstate.error.actor.save', error: { status: 0, messages: ['error.unknown'] } },
    { type: 'conflict.mineKept' },
    { type: 'conflict.theirsTaken' },
    { type: 'lifecycle.requested', action: 'publish' },
    { type: 'lifecycle.requested', action: 'pause' },
    { type: 'xstate.done.actor.act', output: { ...editor, status: 'published' } },
    { type: 'xstate.error.actor.act', error: notReady },
    { type: 'version.restored', number: 1 },
    { type: 'xstate.done.actor.restore', output: { version: 3, saved_at: '2026-11-25T12:02:00.000Z', unpublished_changes: true } },
    { type: 'xstate.error.actor.restore', error: conflictError },
  ];
  // The graph sees the machine with section children that never report: their reports are events here.
  const graphMachine = campaignEditorMachine.provide({
    actors: { section: campaignSectionMachine.provide({ actions: { report: () => {} } }) },
  });
  const paths = pathsOf(graphMachine, {
    input: { slug: 'horta' },
    events,
  });

  it('has paths through saves, conflicts, failures, actions and restores', () => {
    const ends = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const state of [
      '"notFound"',
      '"unavailable"',
      '{"editing":"conflict"}',
      '{"editing":"saveFailed"}',
      '{"editing":"blocked"}',
      '{"editing":"acting"}',
    ]) {
      expect(ends, state).toContain(state);
    }
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(graphMachine, ['load', 'save', 'act', 'restore']);
    const machine = graphMachine.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: { slug: 'horta' } }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as CampaignEditorContext;
      const screens = ['state:loading', 'state:unavailable', 'state:notFound', 'state:editing'].filter((t) => snapshot.hasTag(t));
      expect(screens).toHaveLength(1);
      if (snapshot.hasTag('state:conflict')) expect(context.conflict).toEqual(theirs);
      // Something not on the server is always flagged, so leaving the page asks first.
      if (snapshot.hasTag('state:editing') && JSON.stringify(context.content) !== JSON.stringify(context.savedContent)) {
        expect(snapshot.hasTag('state:unsaved')).toBe(true);
      }
      if (snapshot.hasTag('state:acting')) expect(snapshot.hasTag('state:unsaved')).toBe(false);
    });
    // Each save sent the version the editor held: the conflict's when mine was kept.
    const saves = controls.calls('save') as Array<{ version: number }>;
    const kept = path.steps.findIndex((s) => s.event.type === 'conflict.mineKept');
    if (kept >= 0) expect(saves.map((s) => s.version)).toContain(theirs.version);
    actor.stop();
  });
});

describe('campaign section machine', () => {
  // A parent that keeps what its child reports, as the editor does.
  const parentOf = (input: { section: 'basics' | 'goalDates'; values: Record<string, unknown>; slugFollowsTitle?: boolean }) =>
    setup({
      types: {
        context: {} as { reports: CampaignEditorEvent[] },
        events: {} as Extract<CampaignEditorEvent, { type: 'section.reported' }> | { type: 'edit'; values: Record<string, unknown> },
      },
      actors: { section: campaignSectionMachine },
    }).createMachine({
      context: { reports: [] },
      invoke: { id: 'child', src: 'section', input },
      on: {
        'section.reported': { actions: ({ context, event }) => context.reports.push(event) },
        edit: { actions: sendTo('child', ({ event }) => ({ type: 'field.changed' as const, values: event.values })) },
      },
    });

  const events: GraphEvent[] = [
    { type: 'field.changed', values: { title: 'Cozinha Solidária' } },
    { type: 'field.changed', values: { slug: 'Não É Slug' } },
    { type: 'field.changed', values: { slug: 'cozinha' } },
    { type: 'section.replaced', values: { ...content } },
    { type: 'xstate.after.checkPause.campaignSection.pausing' },
    { type: 'xstate.done.actor.check', output: { slug: 'error.campaign_slug_taken' } },
    { type: 'xstate.done.actor.check', output: {} },
    { type: 'xstate.error.actor.check', error: { status: 0, messages: ['error.unknown'] } },
  ];
  const basics = { title: 'Horta', slug: 'horta', summary: '', category: '', tags: [] };
  // Alone, the section has no editor to report to: its reports are checked with a parent below.
  const alone = campaignSectionMachine.provide({ actions: { report: () => {} } });
  const paths = pathsOf(alone, {
    input: { section: 'basics', values: basics, slugFollowsTitle: true },
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context]),
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(alone, ['check']);
    const machine = alone.provide({ actors: controls.actors });
    const actor = createActor(machine, { input: { section: 'basics', values: basics, slugFollowsTitle: true } }).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as SectionContext;
      // The slug follows the title until someone edits the slug.
      const slugEdited = path.steps.some(
        (s) => s.event.type === 'field.changed' && 'slug' in (s.event as unknown as { values: object }).values,
      );
      if (!slugEdited && context.values.title === 'Cozinha Solidária') expect(context.values.slug).toBe('cozinha-solidaria');
      if (context.values.slug === 'Não É Slug') expect(context.errors.slug).toBe('validation.campaign_slug.format');
    });
    actor.stop();
  });

  it('reports every change to its editor with whether the section is valid', () => {
    const parent = createActor(parentOf({ section: 'goalDates', values: { goal: null, ends_on: '' } })).start();
    parent.send({ type: 'edit', values: { goal: 50 } });
    parent.send({ type: 'edit', values: { goal: 5000 } });
    expect(parent.getSnapshot().context.reports).toEqual([
      { type: 'section.reported', section: 'goalDates', values: { goal: 50, ends_on: '' }, valid: false },
      { type: 'section.reported', section: 'goalDates', values: { goal: 5000, ends_on: '' }, valid: true },
    ]);
    parent.stop();
  });
});
