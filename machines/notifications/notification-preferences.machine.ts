import { assign, fromPromise, setup } from 'xstate';
import type { NotificationChannel, NotificationPreferences, NotificationType } from '../../contracts';
import { errorCodeOf } from './notifications-rules';

export interface PreferencesDraft {
  types: NotificationType[];
  channels: NotificationChannel[];
}

export interface PreferencesContext {
  /** The types the donor may choose from (GET /notification-types). */
  available: NotificationType[];
  /** As the server has them; the draft starts from here. */
  saved: PreferencesDraft;
  draft: PreferencesDraft;
  /** The API's error code of the last failure (null: none, or none sent). */
  failureCode: string | null;
}

export type PreferencesEvent =
  | { type: 'preferences.typeToggled'; notificationType: NotificationType }
  | { type: 'preferences.channelToggled'; channel: NotificationChannel }
  | { type: 'preferences.submitted' }
  | { type: 'preferences.reset' }
  | { type: 'preferences.retried' };

const toggle = <T>(list: readonly T[], item: T, order: readonly T[]): T[] =>
  list.includes(item) ? list.filter((x) => x !== item) : order.filter((x) => x === item || list.includes(x));

export const draftOf = (preferences: NotificationPreferences): PreferencesDraft => ({
  types: preferences.types.map((t) => t.type),
  channels: [...preferences.channels],
});
export const preferencesOf = (draft: PreferencesDraft): NotificationPreferences => ({
  types: draft.types.map((type) => ({ type })),
  channels: draft.channels,
});

const sameSet = <T>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x) => b.includes(x));
/** Whether the draft differs from what is saved. */
export const isDirty = (context: PreferencesContext): boolean =>
  !sameSet(context.draft.types, context.saved.types) || !sameSet(context.draft.channels, context.saved.channels);

const CHANNEL_ORDER: readonly NotificationChannel[] = ['in_app', 'email'];
const empty: PreferencesDraft = { types: [], channels: [] };

/**
 * The notification preferences form of /profile/notifications: loads the types on offer and the
 * donor's choices, edits a draft (types to hear about, channels in-app and e-mail), saves it with
 * PUT /notification-preferences. Pure: the three actors and `saved`/`reportFailure` are provided.
 */
export const notificationPreferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
  },
  actors: {
    /** GET /notification-types and GET /notification-preferences. */
    loadPreferences: fromPromise<{ available: NotificationType[]; preferences: NotificationPreferences }>(async () => {
      throw new Error('preferences: loadPreferences not provided');
    }),
    savePreferences: fromPromise<NotificationPreferences, { preferences: NotificationPreferences }>(async () => {
      throw new Error('preferences: savePreferences not provided');
    }),
  },
  actions: {
    /** Says the preferences were saved (toast). */
    saved: () => {},
    reportFailure: (_, _params: { error: unknown }) => {},
  },
  guards: { isDirty: ({ context }) => isDirty(context) },
}).createMachine({
  id: 'notificationPreferences',
  context: { available: [], saved: empty, draft: empty, failureCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const draft = draftOf(event.output.preferences);
            return { available: event.output.available, saved: draft, draft, failureCode: null };
          }),
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ failureCode: ({ event }) => errorCodeOf(event.error) }),
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: { tags: ['state:failed'], on: { 'preferences.retried': 'loading' } },
    editing: {
      tags: ['state:editing'],
      on: {
        'preferences.typeToggled': {
          guard: ({ context, event }) => context.available.includes(event.notificationType),
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              types: toggle(context.draft.types, event.notificationType, context.available),
            }),
          }),
        },
        'preferences.channelToggled': {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, channels: toggle(context.draft.channels, event.channel, CHANNEL_ORDER) }),
          }),
        },
        'preferences.reset': { actions: assign({ draft: ({ context }) => context.saved, failureCode: null }) },
        'preferences.submitted': { guard: 'isDirty', target: 'saving' },
      },
    },
    saving: {
      tags: ['state:editing', 'state:saving'],
      entry: assign({ failureCode: null }),
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => ({ preferences: preferencesOf(context.draft) }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => {
              const draft = draftOf(event.output);
              return { saved: draft, draft };
            }),
            'saved',
          ],
        },
        // The draft stays, so the donor can try again.
        onError: {
          target: 'editing',
          actions: [
            assign({ failureCode: ({ event }) => errorCodeOf(event.error) }),
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
