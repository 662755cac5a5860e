import { assign, fromPromise, setup, type EventObject, type PromiseActorLogic } from 'xstate';

/**
 * The one shape of a page opened by what a link carries (a team invitation, a gift card's code, a monthly
 * donation's cancel link): it looks the key up, shows what it found, and acts on it when asked.
 *
 *   [checkingKey: no key ─► gone]
 *   lookingUp ─► found ──(the page's event)──► acting ─► done
 *      │  │        ▲                             ├─ refused ─► found (its failure kept; `found.failed` if asked)
 *      │  │        │                             └─ gone (when `goneWhileActing`)
 *      │  ├─► [alreadyDone (what was found is done already)]
 *      │  └─► gone (the key is unknown, expired, used)
 *      └─► unavailable ──(the page's event)──► lookingUp
 *
 * Each machine keeps its own names: of its states (`states`), of the events its page sends (the `on` of
 * `found` and `unavailable`, which say where each goes) and of the tag shown while found. The other tags
 * are `state:loading` while looking up and `state:<name>` for the rest; acting is also tagged as found.
 *
 * Pure: `lookUp({ key })` and `act({ key })` come in with `.provide()`, and the actions `promptVisitor`
 * (a visitor asked to act: the page has them sign in), `failed({ error })` (an act refused, for the
 * error reporter) and `finished` (the act went through).
 */

/** What both actors are given: the key the link carried. */
export interface LookUpKey {
  key: string;
}

export interface LookUpContext<Found, Outcome, Failure> {
  /** What the link carried (a token, a code); null or empty when it came without. */
  key: string | null;
  signedIn: boolean;
  found: Found | null;
  /** What the act answered, once it went through. */
  outcome: Outcome | null;
  /** Why the last act was refused (null when none was, or a new one is on its way). */
  failure: Failure | null;
}

/** One way an event may go: a guard, a target, the visitor prompt (the vocabulary the pages' events need). */
export interface LookUpStep {
  guard?: 'signedIn';
  target?: string;
  actions?: 'promptVisitor';
}

/** Where each of the page's events goes from a state: a state's name, or steps tried in order. */
export type LookUpTransitions<Event extends EventObject> = { [Type in Event['type']]?: string | LookUpStep | LookUpStep[] };

export interface LookUpOptions<Event extends EventObject, Input, Found, Outcome, Failure> {
  id: string;
  /** The key and whether someone is signed in, out of the machine's input. */
  fromInput: (input: Input) => { key: string | null; signedIn: boolean };
  lookUp: PromiseActorLogic<Found, LookUpKey>;
  act: PromiseActorLogic<Outcome, LookUpKey>;
  /** What the page keeps of a refused act (a form's failure, or the error as it came). */
  failureOf: (error: unknown) => Failure;
  /** A refusal that means the key itself is no good (unknown, expired, forged), not that the server is away. */
  isGone: (error: unknown) => boolean;
  /** An act refused as gone (e.g. the invitation used meanwhile) ends there, rather than back on found. */
  goneWhileActing?: boolean;
  /** What was found may be done already (a subscription canceled before): it ends in this state at once. */
  alreadyDone?: { state: string; when: (found: Found) => boolean };
  states: {
    /** Only for links that may come without their key: the transient first state that sends them to gone. */
    checkingKey?: string;
    lookingUp: string;
    found: string;
    acting: string;
    done: string;
    gone: string;
    unavailable: string;
  };
  /** The tag of the found state (and of acting). */
  foundTag: string;
  /** `found` gets substates `ready` and `failed` (tagged `state:failed`): a refused act is a state, not only context. */
  failedSubstate?: boolean;
  on: { found: LookUpTransitions<Event>; unavailable: LookUpTransitions<Event> };
}

/** An actor the page must provide: until then it fails loudly. */
export const notProvided = <Output>(what: string) =>
  fromPromise<Output, LookUpKey>(async () => {
    throw new Error(`${what} not provided`);
  });

/** The machine for a page; its events are the ones its `on` names. */
export function createLookUpMachine<const EventType extends string, Input, Found, Outcome, Failure>(
  options: LookUpOptions<{ type: EventType }, Input, Found, Outcome, Failure>,
) {
  return lookUpMachine(options);
}

// Generic over the event object rather than its type's name: XState's transition types only line up that way.
function lookUpMachine<Event extends EventObject, Input, Found, Outcome, Failure>(
  options: LookUpOptions<Event, Input, Found, Outcome, Failure>,
) {
  const { states: names, alreadyDone } = options;
  const tagOf = (name: string) => `state:${name}`;
  const afterRefusal = options.failedSubstate ? `${names.found}.failed` : names.found;
  return setup({
    types: {
      context: {} as LookUpContext<Found, Outcome, Failure>,
      input: {} as Input,
      events: {} as Event,
    },
    actors: { lookUp: options.lookUp, act: options.act },
    guards: {
      hasKey: ({ context }) => context.key !== null && context.key.length > 0,
      signedIn: ({ context }) => context.signedIn,
      isGone: (_, params: { error: unknown }) => options.isGone(params.error),
      isAlreadyDone: (_, params: { found: Found }) => alreadyDone?.when(params.found) ?? false,
      goneWhileActing: (_, params: { error: unknown }) => (options.goneWhileActing ?? false) && options.isGone(params.error),
    },
    actions: {
      promptVisitor: () => {},
      failed: (_, _params: { error: unknown }) => {},
      finished: () => {},
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ ...options.fromInput(input), found: null, outcome: null, failure: null }),
    initial: names.checkingKey ?? names.lookingUp,
    states: {
      ...(names.checkingKey
        ? { [names.checkingKey]: { always: [{ guard: 'hasKey', target: names.lookingUp }, { target: names.gone }] } }
        : {}),
      [names.lookingUp]: {
        tags: ['state:loading'],
        invoke: {
          id: 'lookUp',
          src: 'lookUp',
          input: ({ context }) => ({ key: context.key ?? '' }),
          onDone: [
            {
              // Never taken without `alreadyDone` (its guard says no).
              guard: { type: 'isAlreadyDone', params: ({ event }) => ({ found: event.output }) },
              target: alreadyDone?.state ?? names.found,
              actions: assign({ found: ({ event }) => event.output }),
            },
            { target: names.found, actions: assign({ found: ({ event }) => event.output }) },
          ],
          onError: [
            { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: names.gone },
            { target: names.unavailable },
          ],
        },
      },
      [names.found]: {
        tags: [options.foundTag],
        on: options.on.found,
        ...(options.failedSubstate ? { initial: 'ready', states: { ready: {}, failed: { tags: ['state:failed'] } } } : {}),
      },
      [names.acting]: {
        tags: [options.foundTag, tagOf(names.acting)],
        entry: assign({ failure: null }),
        invoke: {
          id: 'act',
          src: 'act',
          input: ({ context }) => ({ key: context.key ?? '' }),
          onDone: { target: names.done, actions: assign({ outcome: ({ event }) => event.output }) },
          onError: [
            { guard: { type: 'goneWhileActing', params: ({ event }) => ({ error: event.error }) }, target: names.gone },
            {
              target: afterRefusal,
              actions: [
                assign({ failure: ({ event }) => options.failureOf(event.error) }),
                { type: 'failed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          ],
        },
      },
      [names.done]: { type: 'final', tags: [tagOf(names.done)], entry: 'finished' },
      ...(alreadyDone ? { [alreadyDone.state]: { type: 'final' as const, tags: [tagOf(alreadyDone.state)] } } : {}),
      [names.gone]: { type: 'final', tags: [tagOf(names.gone)] },
      [names.unavailable]: { tags: [tagOf(names.unavailable)], on: options.on.unavailable },
    },
  });
}
