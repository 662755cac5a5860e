import { assertEvent, assign, fromPromise, raise, setup, type DoneActorEvent } from 'xstate';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * The one shape of an admin page that shows what the server has and changes it, one command at a time
 * (team, webhooks, approvals, categories and tags, one donation; docs/admin.md):
 *
 *   loading ─► ready ──command.sent──► saving ─► loading (what the server has now)
 *      │         │  └─command.sent (confirms)─► confirming ──confirmed──► saving
 *      │         ├── stepped back ◄── confirming         │
 *      │         ├── refused (its reason in `failure`) ◄──┘
 *      │         └──list.opened──► loading (other params, e.g. an endpoint's deliveries)
 *      ▼
 *   unavailable ──list.retried──► loading
 *
 * Every screen has one of the tags `state:loading`, `state:unavailable`, `state:ready`; `saving` and
 * `confirming` are also `state:ready` (the page stays on screen) with `state:saving`/`state:confirming`.
 * The command travels in the events: `saving` reads it from `command.sent` or `command.confirmed` (raised
 * when the confirmation resolves with it), so nothing is read from a maybe-empty context. `sent` keeps
 * the command being saved only to say, once it went through, what was done (`doneOf`).
 *
 * Pure: `load({ params })`, `run({ params, command })` and, for a page that asks first, `confirm({ command,
 * data })` (resolves with the command when confirmed, rejects when stepped back) come in with `.provide()`.
 */

export interface ListContext<Params, Data, Command, Done> {
  params: Params;
  data: Data;
  failure: FormFailure | null;
  /** The command being saved (null when none is). */
  sent: Command | null;
  /** What the last change came to, for the page to say (null until one went through, and from the next command on). */
  done: Done | null;
}

export type ListEvent<Params, Command> =
  | { type: 'command.sent'; command: Command }
  | { type: 'command.confirmed'; command: Command }
  | { type: 'list.retried' }
  | { type: 'list.opened'; params: Params }
  | { type: 'done.dismissed' };

export interface ListOptions<Params, Data, Command, Outcome, Done> {
  id: string;
  /** The params the page starts with (the input may set them) and the data shown before the first load. */
  params: Params;
  data: Data;
  /** What a command that went through came to, from what `run` answered. */
  doneOf: (command: Command, outcome: Outcome) => Done;
  /** A command the page cannot take now (e.g. a move that moves nothing) is ignored. */
  accepts?: (command: Command, data: Data) => boolean;
  /** Commands asked to be confirmed (by `confirm`) before they run. */
  confirms?: (command: Command) => boolean;
  /** The data shown while other params load (e.g. no deliveries until the opened endpoint's come). */
  reopened?: (data: Data) => Data;
  /** What stays of `done` once dismissed (e.g. the change said, the secret forgotten). */
  dismissed?: (done: Done) => Done | null;
}

export function createListMachine<Params extends object, Data, Command extends { type: string }, Outcome, Done>(
  options: ListOptions<Params, Data, Command, Outcome, Done>,
) {
  const { id, accepts = () => true, confirms = () => false, reopened = (data: Data) => data, dismissed = () => null } = options;
  return setup({
    types: {
      context: {} as ListContext<Params, Data, Command, Done>,
      events: {} as ListEvent<Params, Command>,
      input: {} as Partial<Params> | undefined,
    },
    actors: {
      load: fromPromise<Data, { params: Params }>(async () => {
        throw new Error(`${id}: load not provided`);
      }),
      confirm: fromPromise<Command, { command: Command; data: Data }>(async () => {
        throw new Error(`${id}: confirm not provided`);
      }),
      run: fromPromise<Outcome, { params: Params; command: Command }>(async () => {
        throw new Error(`${id}: run not provided`);
      }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ params: { ...options.params, ...input }, data: options.data, failure: null, sent: null, done: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['state:loading'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ params: context.params }),
          onDone: { target: 'ready', actions: assign(({ event }: { event: DoneActorEvent<Data> }) => ({ data: event.output })) },
          onError: 'unavailable',
        },
      },
      unavailable: { tags: ['state:unavailable'], on: { 'list.retried': 'loading' } },
      ready: {
        tags: ['state:ready'],
        on: {
          'command.sent': [
            {
              guard: ({ event }) => confirms(event.command),
              target: 'confirming',
              actions: assign({ sent: ({ event }) => event.command, failure: null, done: null }),
            },
            {
              guard: ({ context, event }) => accepts(event.command, context.data),
              target: 'saving',
              actions: assign({ sent: ({ event }) => event.command, failure: null, done: null }),
            },
          ],
          'list.opened': {
            target: 'loading',
            actions: assign({ params: ({ event }) => event.params, data: ({ context }) => reopened(context.data) }),
          },
          'done.dismissed': { actions: assign({ done: ({ context }) => (context.done === null ? null : dismissed(context.done)) }) },
        },
      },
      confirming: {
        tags: ['state:ready', 'state:confirming'],
        invoke: {
          id: 'confirm',
          src: 'confirm',
          input: ({ context, event }) => {
            assertEvent(event, 'command.sent');
            return { command: event.command, data: context.data };
          },
          onDone: {
            actions: raise(({ event }: { event: DoneActorEvent<Command> }) => ({
              type: 'command.confirmed' as const,
              command: event.output,
            })),
          },
          onError: { target: 'ready', actions: assign({ sent: null }) },
        },
        on: { 'command.confirmed': 'saving' },
      },
      saving: {
        tags: ['state:ready', 'state:saving'],
        invoke: {
          id: 'run',
          src: 'run',
          input: ({ context, event }) => {
            assertEvent(event, ['command.sent', 'command.confirmed']);
            return { params: context.params, command: event.command };
          },
          onDone: {
            target: 'loading',
            actions: assign({
              done: ({ context, event }: { context: ListContext<Params, Data, Command, Done>; event: DoneActorEvent<Outcome> }) =>
                context.sent === null ? null : options.doneOf(context.sent, event.output),
              sent: null,
            }),
          },
          onError: { target: 'ready', actions: assign({ failure: ({ event }) => formFailureOf(event.error), sent: null }) },
        },
      },
    },
  });
}

/** The machine `createListMachine` makes for these types (what a page's hook takes). */
export type ListMachine<Params extends object, Data, Command extends { type: string }, Outcome, Done> = ReturnType<
  typeof createListMachine<Params, Data, Command, Outcome, Done>
>;
