import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, sendTo, setup, type ActorRefFrom, type AnyMachineSnapshot } from 'xstate';
import type { EditorSection, UploadedImage } from '../../contracts/admin-campaign-editor';
import {
  campaignEditorMachine,
  type CampaignEditorContext,
  type CampaignEditorEvent,
  type EditorLoaded,
} from '../../machines/admin/campaign-editor.machine';
import {
  campaignSectionMachine,
  type SectionContext,
  type SectionFields,
  type UploadFinished,
  type UploadInput,
} from '../../machines/admin/campaign-section.machine';
import { draftEditor } from './campaign-editor.fixtures';
import { controllableActors, describePath, flush, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of the campaign editor (issue 13), generated from its graph: every transition
 * replayed on a live actor, with saves that succeed, fail and conflict, lifecycle actions and restores.
 * Invariants: leaving asks first whenever something is not on the server (tag `unsaved`); a conflict
 * always carries the other save; an action runs only over a saved draft.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const editor = draftEditor();
const content = editor.content;
const loaded: EditorLoaded = { editor, versions: [], audit: [] };
const theirs = {
  version: 5,
  content: { ...content, title: 'Horta do Bruno' },
  saved_at: '2026-11-25T12:01:00.000Z',
  saved_by: { name: 'Bruno' },
};
const conflictError = { status: 409, code: 'campaign.draft_conflict', messages: ['Outra pessoa salvou…'], current: theirs };
const picture = new File(['not really a jpeg'], 'horta.jpg', { type: 'image/jpeg' });
const uploaded: UploadedImage = { url: '/img/campaign-covers/00000000-0000-4000-8000-000000000009.jpg', width: 1920, height: 1080 };
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
  const parentOf = (
    input: { section: EditorSection; values: SectionFields; slugFollowsTitle?: boolean },
    child: typeof campaignSectionMachine = campaignSectionMachine,
  ) =>
    setup({
      types: {
        context: {} as { reports: CampaignEditorEvent[] },
        events: {} as Extract<CampaignEditorEvent, { type: 'section.reported' }> | { type: 'edit'; values: SectionFields },
      },
      actors: { section: child },
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
    { type: 'xstate.after.checkPause.campaignSection.fields.pausing' },
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

  it('takes no upload in a section without pictures', () => {
    const actor = createActor(alone, { input: { section: 'basics', values: basics } }).start();
    actor.send({ type: 'upload.requested', file: new File(['x'], 'horta.jpg', { type: 'image/jpeg' }) });
    expect(actor.getSnapshot().hasTag('state:uploading')).toBe(false);
    actor.stop();
  });

  it('fails an upload nobody provided instead of pretending it was sent', async () => {
    const actor = createActor(alone, { input: { section: 'story', values: { story: '' } } }).start();
    actor.send({ type: 'upload.requested', file: new File(['x'], 'horta.jpg', { type: 'image/jpeg' }) });
    await flush();
    expect(actor.getSnapshot().hasTag('state:uploadFailed')).toBe(true);
    expect(actor.getSnapshot().context.uploadFailure?.messages).toEqual(['error.unknown']);
    actor.stop();
  });

  it("reports an uploaded cover's address to its editor, as a change of the section", async () => {
    const withUpload = campaignSectionMachine.provide({
      actors: { upload: fromPromise<UploadedImage, UploadInput>(async () => uploaded) },
    });
    const parent = createActor(parentOf({ section: 'cover', values: { cover_url: '' } }, withUpload)).start();
    const child = parent.getSnapshot().children.child as ActorRefFrom<typeof campaignSectionMachine>;
    child.send({ type: 'upload.requested', file: picture, focus: { x: 0.5, y: 1 } });
    await flush();
    expect(parent.getSnapshot().context.reports).toEqual([
      { type: 'section.reported', section: 'cover', values: { cover_url: uploaded.url }, valid: true },
    ]);
    parent.stop();
  });
});

describe('campaign section machine: pictures (the cover, the story)', () => {
  const refused = { status: 400, code: 'upload.too_small', messages: ['A capa precisa ter pelo menos 960 × 540 pixels.'] };
  const cases = [
    { section: 'cover' as const, values: { cover_url: '' }, focus: { x: 0.25, y: 1 }, typed: { cover_url: '' } },
    { section: 'story' as const, values: { story: '' }, focus: undefined, typed: { story: '<p>Olá</p>' } },
  ];

  describe.each(cases)('$section', ({ section, values, focus, typed }) => {
    // Reports go nowhere here (the test above checks them with a parent).
    const alone = campaignSectionMachine.provide({ actions: { report: () => {} } });
    const events: GraphEvent[] = [
      { type: 'upload.requested', file: picture, ...(focus ? { focus } : {}) },
      { type: 'xstate.done.actor.upload', output: uploaded },
      { type: 'xstate.error.actor.upload', error: refused },
      // Not even an answer (the network): the view still says something.
      { type: 'xstate.error.actor.upload', error: new Error('offline') },
      { type: 'upload.dismissed' },
      // Typing on while the picture is on its way.
      { type: 'field.changed', values: typed },
      { type: 'xstate.after.checkPause.campaignSection.fields.pausing' },
    ];
    const paths = pathsOf(alone, {
      input: { section, values },
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context]),
    });

    it('has paths through an upload done, one refused and one that never got an answer', () => {
      const taken = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
      for (const type of ['xstate.done.actor.upload', 'xstate.error.actor.upload', 'upload.dismissed']) expect(taken, type).toContain(type);
      const ends = paths.map((p) => p.state);
      expect(ends.some((s) => s.hasTag('state:uploadFailed'))).toBe(true);
      expect(ends.some((s) => s.hasTag('state:uploading') && s.matches({ fields: 'pausing' }))).toBe(true);
    });

    it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
      const controls = controllableActors(alone, ['upload']);
      const machine = alone.provide({ actors: controls.actors });
      const actor = createActor(machine, { input: { section, values } }).start();
      const finished: UploadFinished[] = [];
      actor.on('upload.finished', (event) => finished.push(event));
      await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
        const context = snapshot.context as SectionContext;
        // A refusal is shown exactly while the upload is failed, always with something to say.
        expect(context.uploadFailure !== null).toBe(snapshot.hasTag('state:uploadFailed'));
        if (context.uploadFailure) expect(context.uploadFailure.messages.length).toBeGreaterThan(0);
      });
      const done = path.steps.filter((s) => s.event.type === 'xstate.done.actor.upload').length;
      // Every upload done is told to the view once, with the picture and the name of its file.
      expect(finished).toEqual(Array.from({ length: done }, () => ({ type: 'upload.finished', image: uploaded, fileName: 'horta.jpg' })));
      // The cover's address is the last upload's until the admin changes it; the story's HTML is the view's to change.
      const last = (type: string) => path.steps.findLastIndex((s) => s.event.type === type);
      const end = (actor.getSnapshot().context as SectionContext).values;
      if (section === 'cover') expect(end.cover_url).toBe(last('xstate.done.actor.upload') > last('field.changed') ? uploaded.url : '');
      if (section === 'story') expect(end.story).toBe(last('field.changed') >= 0 ? typed.story : '');
      // Each upload sent the file, and the cover its focus point.
      const expected: UploadInput =
        section === 'cover' ? { section, file: picture, focus: focus ?? { x: 0.5, y: 0.5 } } : { section, file: picture };
      for (const call of controls.calls('upload')) expect(call).toEqual(expected);
      actor.stop();
    });
  });
});
