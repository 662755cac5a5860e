import { assign, fromPromise, setup } from 'xstate';
import {
  EDITOR_SECTIONS,
  emptyCampaignContent,
  sectionSchemas,
  type CampaignAction,
  type CampaignContent,
  type CampaignEditorData,
  type CampaignVersion,
  type DraftConflict,
  type DraftSaved,
  type EditorSection,
} from '../../contracts/admin-campaign-editor';
import type { AuditEntry } from '../../contracts/admin-taxonomy';
import { formFailureOf, isNotFound, type FormFailure } from '../forms/form-failure';
import { campaignSectionMachine, type SectionFields } from './campaign-section.machine';
import { conflictOf, loadedId, requested, same, sectionValues } from './campaign-editor-rules';

export { sectionValues } from './campaign-editor-rules';

/**
 * The campaign editor (/admin/campaigns/edit; docs/admin.md). One child machine per section keeps and
 * validates its fields and reports each change here; this machine saves the draft a few seconds after
 * the last change (autosave), over the version it read (an optimistic lock), and runs the lifecycle.
 *
 *   loading ─► editing ─────────────────────────────────────────────► (reload after an action or restore)
 *                saved ──section.reported──► changed ──after 3 s──► saving ──► saved | changed
 *                  │                           │ (a section invalid: blocked)    │
 *                  │                           └──save.requested──► saving       ├─409 with theirs─► conflict
 *                  ├─lifecycle.requested─► acting ─► loading                     └─other failure─► saveFailed (retried)
 *                  └─version.restored─► restoring ─► loading
 *              conflict ──conflict.mineKept──► saving (over their version) · ──conflict.theirsTaken──► loading
 *
 * Every state with changes not yet on the server carries the tag `state:unsaved` (leaving asks first).
 * Pure: `load`, `save`, `act` and `restore` come in with `.provide()`.
 */

export interface EditorLoaded {
  editor: CampaignEditorData;
  versions: CampaignVersion[];
  audit: AuditEntry[];
}

export interface EditorInput {
  /** The campaign's slug: its address, which the page is opened by. */
  slug: string;
}

export interface CampaignEditorContext {
  /** The slug the page was opened by; loads after the first go by `id` (the slug may change meanwhile). */
  slug: string;
  /** The campaign's id, once loaded. */
  id: string | null;
  loaded: EditorLoaded | null;
  content: CampaignContent;
  /** What the server keeps (the last save's content): changes are measured against it. */
  savedContent: CampaignContent;
  version: number;
  savedAt: string | null;
  /** Sections whose fields do not pass their schema (the draft waits for them). */
  invalid: EditorSection[];
  /** Content sent by the save in flight. */
  sending: CampaignContent | null;
  conflict: DraftConflict['current'] | null;
  failure: FormFailure | null;
  /** The lifecycle action in flight, or the version being restored; and the last one done (the page says so). */
  action: { action: CampaignAction; publishAt?: string } | null;
  restore: number | null;
  done: CampaignAction | 'restore' | null;
}

export type CampaignEditorEvent =
  | { type: 'section.reported'; section: EditorSection; values: SectionFields; valid: boolean }
  | { type: 'save.requested' }
  | { type: 'conflict.mineKept' }
  | { type: 'conflict.theirsTaken' }
  | { type: 'lifecycle.requested'; action: CampaignAction; publishAt?: string }
  | { type: 'version.restored'; number: number }
  | { type: 'editor.retried' };

/** How long after the last change the draft is saved by itself. */
export const AUTOSAVE_MS = 3000;
/** A save that failed (the network) is tried again after this long. */
export const SAVE_RETRY_MS = 10_000;

export const campaignEditorMachine = setup({
  types: { context: {} as CampaignEditorContext, events: {} as CampaignEditorEvent, input: {} as EditorInput },
  actors: {
    section: campaignSectionMachine,
    load: fromPromise<EditorLoaded, { slug: string }>(async () => {
      throw new Error('campaign editor: load not provided');
    }),
    save: fromPromise<DraftSaved, { id: string; version: number; content: CampaignContent }>(async () => {
      throw new Error('campaign editor: save not provided');
    }),
    act: fromPromise<CampaignEditorData, { id: string; version: number; action: CampaignAction; publishAt?: string }>(async () => {
      throw new Error('campaign editor: act not provided');
    }),
    restore: fromPromise<DraftSaved, { id: string; version: number; number: number }>(async () => {
      throw new Error('campaign editor: restore not provided');
    }),
  },
  delays: { autosave: AUTOSAVE_MS, retry: SAVE_RETRY_MS },
  actions: {
    saved: assign(({ context }, output: DraftSaved) => ({
      version: output.version,
      savedAt: output.saved_at,
      savedContent: context.sending ?? context.savedContent,
      sending: null,
    })),
    takeReport: assign(({ context, event }) => {
      if (event.type !== 'section.reported') return {};
      const invalid = context.invalid.filter((s) => s !== event.section);
      return {
        content: { ...context.content, ...event.values },
        invalid: event.valid ? invalid : [...invalid, event.section],
        // A new change makes the last outcome old news.
        failure: null,
        done: null,
      };
    }),
  },
  guards: {
    changedFromSaved: ({ context }) => !same(context.content, context.savedContent),
    allValid: ({ context }) => context.invalid.length === 0,
    canAct: ({ context, event }) =>
      event.type === 'lifecycle.requested' && (context.loaded?.editor.actions.includes(event.action) ?? false),
    notFound: (_, params: { error: unknown }) => isNotFound(params.error),
    isConflict: (_, params: { error: unknown }) => conflictOf(params.error) !== null,
  },
}).createMachine({
  id: 'campaignEditor',
  context: ({ input }) => ({
    slug: input.slug,
    id: null,
    loaded: null,
    // Nothing is shown or compared before the campaign loads: its content replaces these.
    content: emptyCampaignContent,
    savedContent: emptyCampaignContent,
    version: 0,
    savedAt: null,
    invalid: [],
    sending: null,
    conflict: null,
    failure: null,
    action: null,
    restore: null,
    done: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ slug: context.id ?? context.slug }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            loaded: event.output,
            id: event.output.editor.id,
            content: event.output.editor.content,
            savedContent: event.output.editor.content,
            version: event.output.editor.version,
            savedAt: event.output.editor.saved_at,
            invalid: EDITOR_SECTIONS.filter((s) => !sectionSchemas[s].safeParse(sectionValues(s, event.output.editor.content)).success),
            conflict: null,
            action: null,
            restore: null,
          })),
        },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'unavailable' },
        ],
      },
    },
    unavailable: { tags: ['state:unavailable'], on: { 'editor.retried': 'loading' } },
    notFound: { tags: ['state:notFound'] },
    editing: {
      tags: ['state:editing'],
      invoke: EDITOR_SECTIONS.map((section) => ({
        id: section,
        src: 'section' as const,
        input: ({ context }: { context: CampaignEditorContext }) => ({
          section,
          values: sectionValues(section, context.content),
          slugFollowsTitle: context.loaded?.editor.status === 'draft' && context.content.slug === context.loaded.editor.live_slug,
          campaignId: context.loaded?.editor.id,
        }),
      })),
      initial: 'saved',
      states: {
        saved: {
          tags: ['state:saved'],
          on: {
            'section.reported': { target: 'changed', actions: 'takeReport' },
            'lifecycle.requested': {
              guard: 'canAct',
              target: 'acting',
              actions: assign({ action: ({ event }) => ({ action: event.action, publishAt: event.publishAt }), failure: null, done: null }),
            },
            'version.restored': {
              target: 'restoring',
              actions: assign({ restore: ({ event }) => event.number, failure: null, done: null }),
            },
          },
        },
        changed: {
          tags: ['state:unsaved'],
          always: { guard: ({ context }) => same(context.content, context.savedContent), target: 'saved' },
          after: { autosave: [{ guard: 'allValid', target: 'saving' }, { target: 'blocked' }] },
          on: {
            'section.reported': { target: 'changed', reenter: true, actions: 'takeReport' },
            'save.requested': { guard: 'allValid', target: 'saving' },
          },
        },
        blocked: {
          tags: ['state:unsaved', 'state:invalid'],
          on: { 'section.reported': { target: 'changed', actions: 'takeReport' } },
        },
        saving: {
          tags: ['state:unsaved', 'state:saving'],
          entry: assign({ sending: ({ context }) => context.content, failure: null, done: null }),
          on: { 'section.reported': { actions: 'takeReport' } },
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ id: loadedId(context), version: context.version, content: context.content }),
            onDone: [
              {
                guard: ({ context }) => context.sending !== null && !same(context.content, context.sending),
                target: 'changed',
                actions: { type: 'saved', params: ({ event }) => event.output },
              },
              { target: 'saved', actions: { type: 'saved', params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                target: 'conflict',
                actions: assign({
                  conflict: ({ event }) => conflictOf(event.error),
                  failure: ({ event }) => formFailureOf(event.error),
                  sending: null,
                }),
              },
              { target: 'saveFailed', actions: assign({ failure: ({ event }) => formFailureOf(event.error), sending: null }) },
            ],
          },
        },
        saveFailed: {
          tags: ['state:unsaved', 'state:failed'],
          after: { retry: { guard: 'allValid', target: 'saving' } },
          on: {
            'section.reported': { target: 'changed', actions: 'takeReport' },
            'save.requested': { guard: 'allValid', target: 'saving' },
          },
        },
        conflict: {
          tags: ['state:unsaved', 'state:conflict'],
          on: {
            // Mine over theirs: the save goes again over the version the conflict showed.
            'conflict.mineKept': {
              target: 'saving',
              actions: assign({ version: ({ context }) => context.conflict?.version ?? context.version, conflict: null }),
            },
            'conflict.theirsTaken': { target: '#campaignEditor.loading' },
          },
        },
        acting: {
          tags: ['state:saved', 'state:acting'],
          invoke: {
            id: 'act',
            src: 'act',
            input: ({ context }) => ({ id: loadedId(context), version: context.version, ...requested(context.action, 'action') }),
            onDone: { target: '#campaignEditor.loading', actions: assign({ done: ({ context }) => context.action?.action ?? null }) },
            onError: { target: 'saved', actions: assign({ failure: ({ event }) => formFailureOf(event.error), action: null }) },
          },
        },
        restoring: {
          tags: ['state:saved', 'state:acting'],
          invoke: {
            id: 'restore',
            src: 'restore',
            input: ({ context }) => ({ id: loadedId(context), version: context.version, number: requested(context.restore, 'restore') }),
            onDone: { target: '#campaignEditor.loading', actions: assign({ done: 'restore' as const }) },
            onError: { target: 'saved', actions: assign({ failure: ({ event }) => formFailureOf(event.error), restore: null }) },
          },
        },
      },
    },
  },
});

export type CampaignEditorMachine = typeof campaignEditorMachine;
