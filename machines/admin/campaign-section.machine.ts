import { assign, fromPromise, sendParent, setup } from 'xstate';
import { sectionSchemas, slugFromTitle, type EditorSection } from '../../contracts/admin-campaign-editor';

/**
 * One section of the campaign editor (basics, story, cover, goal and dates, organiser, share), a child of
 * the editor's machine (campaign-editor.machine.ts). It keeps the section's values, validates them with the
 * section's schema from the contracts, and reports every change to the editor, which saves.
 *
 *   settled ──field.changed──► pausing ──after the pause──► settled
 *      ▲                          │ (basics, valid so far)
 *      │                          └──► checking ─► settled   (a remote check: is the slug free?)
 *      └──section.replaced── (from any state)
 *
 * Every change is validated at once (`errors`: the schema's messages, by field) and reported to the editor.
 *
 * Pure: `check` (the remote check of a section's values: a field → message id, or nothing) comes in with
 * `.provide()`; sections without one answer nothing.
 */

export type SectionErrors = Record<string, string>;

export interface SectionInput {
  section: EditorSection;
  /** The section's fields as they stand, valid or not (this machine validates them). */
  values: Record<string, unknown>;
  /** A new campaign's slug follows its title until someone edits the slug. */
  slugFollowsTitle?: boolean;
  /** The campaign the section belongs to (a slug is free or taken for it). */
  campaignId?: string;
}

export interface CheckInput {
  section: EditorSection;
  values: Record<string, unknown>;
  campaignId: string;
}

export interface SectionContext {
  section: EditorSection;
  values: Record<string, unknown>;
  errors: SectionErrors;
  slugFollowsTitle: boolean;
  campaignId: string;
}

export type SectionEvent =
  { type: 'field.changed'; values: Record<string, unknown> } | { type: 'section.replaced'; values: Record<string, unknown> };

/** How long typing must pause before the remote check runs. */
export const SECTION_CHECK_MS = 400;

function errorsOf(section: EditorSection, values: Record<string, unknown>): SectionErrors {
  const parsed = sectionSchemas[section].safeParse(values);
  if (parsed.success) return {};
  const errors: SectionErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

export const campaignSectionMachine = setup({
  types: { context: {} as SectionContext, events: {} as SectionEvent, input: {} as SectionInput },
  actors: {
    check: fromPromise<SectionErrors, CheckInput>(async () => ({})),
  },
  delays: { checkPause: SECTION_CHECK_MS },
  actions: {
    change: assign(({ context, event }) => {
      const values = { ...context.values, ...event.values };
      const slugEdited = 'slug' in event.values;
      const slugFollowsTitle = context.slugFollowsTitle && !slugEdited;
      if (slugFollowsTitle && 'title' in event.values) values.slug = slugFromTitle(String(event.values.title));
      return { values, slugFollowsTitle, errors: errorsOf(context.section, values) };
    }),
    replace: assign(({ context, event }) => ({ values: event.values, errors: errorsOf(context.section, event.values) })),
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
  },
}).createMachine({
  id: 'campaignSection',
  context: ({ input }) => ({
    section: input.section,
    values: input.values,
    errors: errorsOf(input.section, input.values),
    slugFollowsTitle: input.slugFollowsTitle ?? false,
    campaignId: input.campaignId ?? '',
  }),
  initial: 'settled',
  on: {
    'field.changed': { target: '.pausing', actions: ['change', 'report'] },
    'section.replaced': { target: '.settled', actions: 'replace' },
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
});

export type CampaignSectionMachine = typeof campaignSectionMachine;
