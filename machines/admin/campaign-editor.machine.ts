import { assign, fromPromise, setup } from 'xstate';
import {
  EDITOR_SECTIONS,
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
import { formFailureOf, type FormFailure } from '../forms/form-failure';
import { campaignSectionMachine } from './campaign-section.machine';

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
 * Every state with changes not yet on the server carries the tag `unsaved` (leaving asks first).
 * Pure: `load`, `save`, `act` and `restore` come in with `.provide()`.
 */

export interface EditorLoaded {
  editor: CampaignEditorData;
  versions: CampaignVersion[];
  audit: AuditEntry[];
}

export interface EditorInput {
  /** The campaign's slug (its address); after the first load, its id. */
  slug: string;
}

export interface CampaignEditorContext {
  slug: string;
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
  /** The action or restore in flight, and the last one done (the page says so). */
  pending: { action: CampaignAction; publishAt?: string } | { restore: number } | null;
  done: CampaignAction | 'restore' | null;
}

export type CampaignEditorEvent =
  | { type: 'section.reported'; section: EditorSection; values: Record<string, unknown>; valid: boolean }
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

const same = (a: CampaignContent, b: CampaignContent) => JSON.stringify(a) === JSON.stringify(b);
/** A 409 carrying someone else's newer save (the API client puts it on the error as `current`). */
const conflictOf = (error: unknown): DraftConflict['current'] | null => {
  const current = (error as { current?: DraftConflict['current'] } | null)?.current;
  return (error as { status?: number } | null)?.status === 409 && current ? current : null;
};

/** A section's fields out of the whole content. */
export const sectionValues = (section: EditorSection, content: CampaignContent) =>
  Object.fromEntries(Object.keys(sectionSchemas[section].shape).map((key) => [key, content[key as keyof CampaignContent]]));

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
    saved: assign(({ context, event }) => {
      const output = (event as unknown as { output: DraftSaved }).output;
      return { version: output.version, savedAt: output.saved_at, savedContent: context.sending ?? context.savedContent, sending: null };
    }),
    takeReport: assign(({ context, event }) => {
      if (event.type !== 'section.reported') return {};
      const invalid = context.invalid.filter((s) => s !== event.section);
      return {
        content: { ...context.content, ...event.values } as CampaignContent,
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
    notFound: ({ event }) => (event as { error?: { status?: number } }).error?.status === 404,
    isConflict: ({ event }) => conflictOf((event as { error?: unknown }).error) !== null,
  },
}).createMachine({
  id: 'campaignEditor',
  context: ({ input }) => ({
    slug: input.slug,
    loaded: null,
    content: {} as CampaignContent,
    savedContent: {} as CampaignContent,
    version: 0,
    savedAt: null,
    invalid: [],
    sending: null,
    conflict: null,
    failure: null,
    pending: null,
    done: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            loaded: event.output,
            slug: event.output.editor.id,
            content: event.output.editor.content,
            savedContent: event.output.editor.content,
            version: event.output.editor.version,
            savedAt: event.output.editor.saved_at,
            invalid: EDITOR_SECTIONS.filter((s) => !sectionSchemas[s].safeParse(sectionValues(s, event.output.editor.content)).success),
            conflict: null,
            pending: null,
          })),
        },
        onError: [{ guard: 'notFound', target: 'notFound' }, { target: 'unavailable' }],
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
          values: sectionValues(section, context.content) as never,
          slugFollowsTitle: context.loaded?.editor.status === 'draft' && context.content.slug === context.loaded.editor.live_slug,
          campaignId: context.loaded?.editor.id,
        }),
      })),
      initial: 'saved',
      states: {
        saved: {
          tags: ['saved'],
          on: {
            'section.reported': { target: 'changed', actions: 'takeReport' },
            'lifecycle.requested': {
              guard: 'canAct',
              target: 'acting',
              actions: assign({
                pending: ({ event }) => ({ action: event.action, publishAt: event.publishAt }),
                failure: null,
                done: null,
              }),
            },
            'version.restored': {
              target: 'restoring',
              actions: assign({ pending: ({ event }) => ({ restore: event.number }), failure: null, done: null }),
            },
          },
        },
        changed: {
          tags: ['unsaved'],
          always: { guard: ({ context }) => same(context.content, context.savedContent), target: 'saved' },
          after: { autosave: [{ guard: 'allValid', target: 'saving' }, { target: 'blocked' }] },
          on: {
            'section.reported': { target: 'changed', reenter: true, actions: 'takeReport' },
            'save.requested': { guard: 'allValid', target: 'saving' },
          },
        },
        blocked: {
          tags: ['unsaved', 'invalid'],
          on: { 'section.reported': { target: 'changed', actions: 'takeReport' } },
        },
        saving: {
          tags: ['unsaved', 'saving'],
          entry: assign({ sending: ({ context }) => context.content, failure: null, done: null }),
          on: { 'section.reported': { actions: 'takeReport' } },
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ id: context.slug, version: context.version, content: context.content }),
            onDone: [
              {
                guard: ({ context }) => context.sending !== null && !same(context.content, context.sending),
                target: 'changed',
                actions: 'saved',
              },
              { target: 'saved', actions: 'saved' },
            ],
            onError: [
              {
                guard: 'isConflict',
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
          tags: ['unsaved', 'failed'],
          after: { retry: { guard: 'allValid', target: 'saving' } },
          on: {
            'section.reported': { target: 'changed', actions: 'takeReport' },
            'save.requested': { guard: 'allValid', target: 'saving' },
          },
        },
        conflict: {
          tags: ['unsaved', 'conflict'],
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
          tags: ['saved', 'acting'],
          invoke: {
            id: 'act',
            src: 'act',
            input: ({ context }) => {
              const pending = context.pending as { action: CampaignAction; publishAt?: string };
              return { id: context.slug, version: context.version, action: pending.action, publishAt: pending.publishAt };
            },
            onDone: {
              target: '#campaignEditor.loading',
              actions: assign({ done: ({ context }) => (context.pending as { action: CampaignAction }).action }),
            },
            onError: { target: 'saved', actions: assign({ failure: ({ event }) => formFailureOf(event.error), pending: null }) },
          },
        },
        restoring: {
          tags: ['saved', 'acting'],
          invoke: {
            id: 'restore',
            src: 'restore',
            input: ({ context }) => ({
              id: context.slug,
              version: context.version,
              number: (context.pending as { restore: number }).restore,
            }),
            onDone: { target: '#campaignEditor.loading', actions: assign({ done: 'restore' as const }) },
            onError: { target: 'saved', actions: assign({ failure: ({ event }) => formFailureOf(event.error), pending: null }) },
          },
        },
      },
    },
  },
});

export type CampaignEditorMachine = typeof campaignEditorMachine;
