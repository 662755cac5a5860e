import { assertEvent, assign, emit, fromPromise, raise, sendParent, setup } from 'xstate';
import {
  sectionSchemas,
  slugFromTitle,
  type CampaignContent,
  type EditorSection,
  type UploadedImage,
} from '../../contracts/admin-campaign-editor';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * One section of the campaign editor (basics, story, cover, goal and dates, organiser, share), a child of
 * the editor's machine (campaign-editor.machine.ts). It keeps the section's values, validates them with the
 * section's schema from the contracts, and reports every change to the editor, which saves. Two regions
 * side by side, so typing on while a picture uploads neither cancels the upload nor waits for it:
 *
 *   fields:  settled ──field.changed──► pausing ──after the pause──► settled
 *               ▲                          │ (basics, valid so far)
 *               │                          └──► checking ─► settled   (a remote check: is the slug free?)
 *               └──section.replaced── (from any of them)
 *
 *   upload (cover and story only):
 *            idle ──upload.requested──► uploading ──done──► idle   (emits upload.finished; the cover's url is a field.changed)
 *                                           │
 *                                           └──failed──► failed ──upload.requested──► uploading
 *                                                           └──upload.dismissed──► idle
 *
 * Every change is validated at once (`errors`: the schema's messages, by field) and reported to the editor.
 * A story's picture goes where the admin's cursor is, which only the view's rich-text editor knows: the
 * machine tells it with the emitted `upload.finished` rather than writing the story's HTML itself.
 *
 * Pure: `check` (the remote check of a section's values: a field → message id, or nothing) and `upload`
 * (sends the picture: the cover with its focus point, or a story picture) come in with `.provide()`;
 * sections without a check answer nothing, while an upload not provided fails loudly.
 */

export type SectionErrors = Record<string, string>;

/** Some of the campaign's fields (a section's, or the ones changed), each of its field's type whether valid or not. */
export type SectionFields = Partial<CampaignContent>;

export interface SectionInput {
  section: EditorSection;
  /** The section's fields as they stand, valid or not (this machine validates them). */
  values: SectionFields;
  /** A new campaign's slug follows its title until someone edits the slug. */
  slugFollowsTitle?: boolean;
  /** The campaign the section belongs to (a slug is free or taken for it). */
  campaignId?: string;
}

export interface CheckInput {
  section: EditorSection;
  values: SectionFields;
  campaignId: string;
}

/** The point (0–1 across and down) a cover's 16:9 crop keeps in view. */
export interface CoverFocus {
  x: number;
  y: number;
}

/** What `upload` sends: a cover, cropped by the server around its focus point, or a picture for the story. */
export type UploadInput = { section: 'cover'; file: File; focus: CoverFocus } | { section: 'story'; file: File };

export interface SectionContext {
  section: EditorSection;
  values: SectionFields;
  errors: SectionErrors;
  slugFollowsTitle: boolean;
  campaignId: string;
  /** The name of the file last sent (the story's picture takes it, less its extension, as its text). */
  uploadName: string;
  /** Why the last upload was refused (read while tagged `state:uploadFailed`). */
  uploadFailure: FormFailure | null;
}

export type SectionEvent =
  | { type: 'field.changed'; values: SectionFields }
  | { type: 'section.replaced'; values: SectionFields }
  /** A picture to send; `focus` is the cover's (the middle when left out). */
  | { type: 'upload.requested'; file: File; focus?: CoverFocus }
  /** The admin moved on from a refused upload (chose another file). */
  | { type: 'upload.dismissed' };

/** Told to the view once an upload is done: where the picture is served, and the name of the file it came from. */
export interface UploadFinished {
  type: 'upload.finished';
  image: UploadedImage;
  fileName: string;
}

/** How long typing must pause before the remote check runs. */
export const SECTION_CHECK_MS = 400;

function errorsOf(section: EditorSection, values: SectionFields): SectionErrors {
  const parsed = sectionSchemas[section].safeParse(values);
  if (parsed.success) return {};
  const errors: SectionErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

const CENTRE: CoverFocus = { x: 0.5, y: 0.5 };

export const campaignSectionMachine = setup({
  types: {
    context: {} as SectionContext,
    events: {} as SectionEvent,
    input: {} as SectionInput,
    emitted: {} as UploadFinished,
  },
  actors: {
    check: fromPromise<SectionErrors, CheckInput>(async () => ({})),
    upload: fromPromise<UploadedImage, UploadInput>(async () => {
      throw new Error('campaign section: upload not provided');
    }),
  },
  delays: { checkPause: SECTION_CHECK_MS },
  actions: {
    change: assign(({ context }, changed: SectionFields) => {
      const values = { ...context.values, ...changed };
      const slugEdited = 'slug' in changed;
      const slugFollowsTitle = context.slugFollowsTitle && !slugEdited;
      if (slugFollowsTitle && 'title' in changed) values.slug = slugFromTitle(String(changed.title));
      return { values, slugFollowsTitle, errors: errorsOf(context.section, values) };
    }),
    replace: assign(({ context }, values: SectionFields) => ({ values, errors: errorsOf(context.section, values) })),
    announce: emit(({ context }, image: UploadedImage) => ({ type: 'upload.finished' as const, image, fileName: context.uploadName })),
    report: sendParent(({ context }) => ({
      type: 'section.reported',
      section: context.section,
      values: context.values,
      valid: Object.keys(context.errors).length === 0,
    })),
  },
  guards: {
    valid: ({ context }) => Object.keys(context.errors).length === 0,
    needsCheck: ({ context }) => context.section === 'basics' && Object.keys(context.errors).length === 0,
    takesUploads: ({ context }) => context.section === 'cover' || context.section === 'story',
    isCover: ({ context }) => context.section === 'cover',
  },
}).createMachine({
  id: 'campaignSection',
  context: ({ input }) => ({
    section: input.section,
    values: input.values,
    errors: errorsOf(input.section, input.values),
    slugFollowsTitle: input.slugFollowsTitle ?? false,
    campaignId: input.campaignId ?? '',
    uploadName: '',
    uploadFailure: null,
  }),
  type: 'parallel',
  states: {
    fields: {
      initial: 'settled',
      // On the region, not the machine: a change must not leave (and so cancel) an upload on its way.
      on: {
        'field.changed': { target: '.pausing', actions: [{ type: 'change', params: ({ event }) => event.values }, 'report'] },
        'section.replaced': { target: '.settled', actions: { type: 'replace', params: ({ event }) => event.values } },
      },
      states: {
        settled: { tags: ['state:settled'] },
        pausing: {
          tags: ['state:settled'],
          after: { checkPause: [{ guard: 'needsCheck', target: 'checking' }, { target: 'settled' }] },
        },
        checking: {
          tags: ['state:checking'],
          invoke: {
            id: 'check',
            src: 'check',
            input: ({ context }) => ({ section: context.section, values: context.values, campaignId: context.campaignId }),
            onDone: {
              target: 'settled',
              actions: [assign({ errors: ({ context, event }) => ({ ...context.errors, ...event.output }) }), 'report'],
            },
            // A check that could not run refuses nothing: the save still checks.
            onError: 'settled',
          },
        },
      },
    },
    upload: {
      initial: 'idle',
      on: {
        'upload.requested': {
          guard: 'takesUploads',
          target: '.uploading',
          actions: assign({ uploadName: ({ event }) => event.file.name, uploadFailure: null }),
        },
      },
      states: {
        idle: {},
        uploading: {
          tags: ['state:uploading'],
          // One picture at a time: the view disables its choosers meanwhile, and a stray request waits for none.
          on: { 'upload.requested': {} },
          invoke: {
            id: 'upload',
            src: 'upload',
            // The file comes from the request that entered this state, never from a maybe-empty context.
            input: ({ context, event }): UploadInput => {
              assertEvent(event, 'upload.requested');
              return context.section === 'cover'
                ? { section: 'cover', file: event.file, focus: event.focus ?? CENTRE }
                : { section: 'story', file: event.file };
            },
            onDone: [
              {
                // The cover's address is one of the section's fields: it changes as if typed, so it is
                // validated, reported and saved like any other change.
                guard: 'isCover',
                target: 'idle',
                actions: [
                  raise(({ event }) => ({ type: 'field.changed' as const, values: { cover_url: event.output.url } })),
                  { type: 'announce', params: ({ event }) => event.output },
                ],
              },
              { target: 'idle', actions: { type: 'announce', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: assign({ uploadFailure: ({ event }) => formFailureOf(event.error) }) },
          },
        },
        failed: {
          tags: ['state:uploadFailed'],
          on: { 'upload.dismissed': { target: 'idle', actions: assign({ uploadFailure: null }) } },
        },
      },
    },
  },
});

export type CampaignSectionMachine = typeof campaignSectionMachine;
