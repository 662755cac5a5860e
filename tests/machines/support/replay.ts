import { expect, vi } from 'vitest';
import {
  fromPromise,
  type AnyActorRef,
  type InputFrom,
  type OutputFrom,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, serializeSnapshot, type StatePath } from 'xstate/graph';

/**
 * Model-based testing for machines that invoke actors or use `after` (which `createTestModel`
 * refuses): the paths come from `getShortestPaths`/`getSimplePaths`, where the graph treats
 * `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*` as ordinary events. Here each
 * such step is made to really happen on a live actor: a controllable fake actor is resolved or
 * rejected, or the fake clock is advanced by the delay. Every step then checks that the real actor
 * is where the graph said it would be.
 */

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

/**
 * The actors a machine declares in `setup()`, by name, each with its own logic type: exactly what its
 * `.provide({ actors })` accepts. For several machines (a parent and the children it runs), all of theirs.
 */
export type ActorsOf<TMachine extends AnyStateMachine> = UnionToIntersection<
  TMachine extends AnyStateMachine ? Required<NonNullable<NonNullable<Parameters<TMachine['provide']>[0]>['actors']>> : never
>;

/** The names of the actors `TMachine` (or any of several machines) declares. */
export type ActorNameOf<TMachine extends AnyStateMachine> = keyof ActorsOf<TMachine> & string;

/**
 * Fake promise actors whose outcome the test decides, one queue of pending calls per source. The names
 * and types come from the machine(s): `actors` is what `.provide({ actors })` takes, `calls(name)` the
 * inputs that actor was started with, `resolve(name, output)` / `reject(name, error)` settle its last call.
 */
export function controllableActors<TMachine extends AnyStateMachine, const TNames extends ActorNameOf<TMachine>>(
  machines: TMachine | readonly TMachine[],
  names: readonly TNames[],
) {
  type Logic<TName extends TNames> = ActorsOf<TMachine>[TName];
  // The types already say so; this says it again to a test whose names are built at run time.
  const declared = ([] as AnyStateMachine[]).concat(machines).flatMap((machine) => Object.keys(machine.implementations.actors));
  for (const name of names) expect(declared, 'an actor the machine declares').toContain(name);
  const pending = new Map<string, Deferred[]>();
  const inputs = new Map<string, unknown[]>();
  const fakes = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(({ input }) => {
        inputs.set(name, [...(inputs.get(name) ?? []), input]);
        return new Promise<unknown>((resolve, reject) => {
          pending.set(name, [...(pending.get(name) ?? []), { resolve, reject }]);
        });
      }),
    ]),
  );
  // Typed from the machine, not from what it is: a fake is a promise actor standing in for whatever logic the machine declares under
  // that name (a promise, a callback, a child machine). The graph only ever finishes such an actor with
  // its output (`xstate.done.actor.*`) or an error, which is all a fake does, when the test says so.
  const actors = fakes as unknown as { [TName in TNames]: ActorsOf<TMachine>[TName] };
  const take = (name: string): Deferred => {
    const queue = pending.get(name) ?? [];
    const next = queue.pop();
    expect(next, `a pending call of ${name}`).toBeDefined();
    pending.set(name, []);
    return next as Deferred;
  };
  return {
    actors,
    /** How many times each actor was started, and with what input. */
    calls: <TName extends TNames>(name: TName): Array<InputFrom<Logic<TName>>> =>
      (inputs.get(name) ?? []) as Array<InputFrom<Logic<TName>>>,
    resolve: <TName extends TNames>(name: TName, output: OutputFrom<Logic<TName>>): void => take(name).resolve(output),
    reject: <TName extends TNames>(name: TName, error: unknown): void => take(name).reject(error),
  };
}

/**
 * What replaying a path needs of the fakes: settling an actor named by a graph event
 * (`xstate.done.actor.<name>`), so by any name and with an output the graph's events carry. Method
 * syntax on purpose: the typed `controllableActors(…)` result is accepted here (methods are checked
 * bivariantly), while direct calls in tests keep their names and outputs checked.
 */
export interface Controls {
  resolve(name: string, output: unknown): void;
  reject(name: string, error: unknown): void;
}

/** Lets promise callbacks (and the actor events they send) run. */
export const flush = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(0);
};

/** The delay in ms of an `xstate.after.<delay>.<state id>` event: a number or a named delay. */
export function delayOf(machine: AnyStateMachine, eventType: string): number {
  const delay = eventType.slice('xstate.after.'.length).split('.')[0] ?? '';
  if (/^\d+$/.test(delay)) return Number(delay);
  const named = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof named !== 'number') throw new Error(`unknown delay ${delay}`);
  return named;
}

/** Makes one step of a path happen on the live actor. */
export async function perform(actor: AnyActorRef, machine: AnyStateMachine, event: EventObject, controls: Controls): Promise<void> {
  if (event.type.startsWith('xstate.done.actor.')) {
    controls.resolve(event.type.slice('xstate.done.actor.'.length), (event as EventObject & { output: unknown }).output);
    await flush();
  } else if (event.type.startsWith('xstate.error.actor.')) {
    controls.reject(event.type.slice('xstate.error.actor.'.length), (event as EventObject & { error: unknown }).error);
    await flush();
  } else if (event.type.startsWith('xstate.after.')) {
    await vi.advanceTimersByTimeAsync(delayOf(machine, event.type));
  } else {
    actor.send(event);
    await flush();
  }
}

/** What the UI can observe of a snapshot: state value, tags and context. */
export const observable = (snapshot: AnyMachineSnapshot) => ({
  value: snapshot.value,
  tags: [...snapshot.tags].sort(),
  context: snapshot.context as unknown,
});

export const describePath = (path: StatePath<AnyMachineSnapshot, EventObject>): string =>
  path.steps.map((step) => step.event.type.replace(/^xstate\.(after|done\.actor|error\.actor)\.([^.]+).*$/, '$1:$2')).join(' → ') +
  ` ⇒ ${JSON.stringify(path.state.value)}`;

/**
 * Replays a generated path on `actor` (already started, fake timers on) and asserts after every step
 * that the live snapshot matches the graph's, and that it satisfies the spec's `invariant`.
 */
export async function replayPath(
  actor: AnyActorRef,
  machine: AnyStateMachine,
  path: StatePath<AnyMachineSnapshot, EventObject>,
  controls: Controls,
  invariant: (snapshot: AnyMachineSnapshot) => void = () => {},
): Promise<void> {
  await flush();
  for (const [index, step] of path.steps.entries()) {
    if (step.event.type !== 'xstate.init') await perform(actor, machine, step.event, controls);
    const live = actor.getSnapshot() as AnyMachineSnapshot;
    expect(observable(live), `after step ${index} (${step.event.type})`).toEqual(observable(step.state));
    invariant(live);
  }
  expect(observable(actor.getSnapshot() as AnyMachineSnapshot)).toEqual(observable(path.state));
}

/** Paths may repeat between generators; keep one per sequence of event types and payloads. */
export function uniquePaths<T extends StatePath<AnyMachineSnapshot, EventObject>>(paths: T[]): T[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = JSON.stringify(path.steps.map((s) => s.event));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An event of a generated path: a machine event, or a done/error/after event with its payload. */
export type GraphEvent = EventObject & Record<string, unknown>;

export interface GraphOptions<TInput> {
  /**
   * Every event the model may take, with payloads, including the `xstate.done.actor.<id>` (with
   * `output`), `xstate.error.actor.<id>` (with `error`) and `xstate.after.<delay>.<state id>` events.
   */
  events: GraphEvent[];
  input?: TInput;
  /** Bounds the state space when context holds growing values. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
  /** The most states the traversal may visit (`xstate/graph`: unbounded; `pathsOf`: 10,000). */
  limit?: number;
}

const stateKey = (snapshot: AnyMachineSnapshot): string => JSON.stringify([snapshot.value, snapshot.context]);

/**
 * Simple paths grow combinatorially with the events; replaying thousands of them adds time, not
 * confidence. This keeps every shortest path (each state reached) and then, greedily, the fewest
 * simple paths that still take every transition (source state + event) the graph found.
 */
export function coveringPaths<T extends StatePath<AnyMachineSnapshot, EventObject>>(shortest: T[], simple: T[]): T[] {
  const edgesOf = (path: T): string[] =>
    path.steps.slice(1).map((step, i) => `${stateKey((path.steps[i] as Step).state)} ${JSON.stringify(step.event)}`);
  const kept = uniquePaths(shortest);
  const covered = new Set(kept.flatMap(edgesOf));
  let candidates = uniquePaths(simple).map((path) => ({ path, edges: edgesOf(path) }));
  for (;;) {
    let best: { path: T; fresh: number } | undefined;
    for (const { path, edges } of candidates) {
      const fresh = new Set(edges.filter((e) => !covered.has(e))).size;
      if (fresh > 0 && (!best || fresh > best.fresh)) best = { path, fresh };
    }
    if (!best) return kept;
    kept.push(best.path);
    edgesOf(best.path).forEach((e) => covered.add(e));
    candidates = candidates.filter((c) => c.path !== best.path);
  }
}
type Step = StatePath<AnyMachineSnapshot, EventObject>['steps'][number];

type Traversal = NonNullable<Parameters<typeof getShortestPaths<AnyStateMachine>>[1]>;

/**
 * The graph's options for `GraphOptions`: `xstate/graph` types `events` as the machine's own events,
 * while a model also takes the actors' done/error and the timers' events (which the graph does
 * follow); and its input and snapshots as `any`'s. One conversion here, none in the tests.
 */
const traversalOf = <TInput>(options: GraphOptions<TInput>): Traversal => options as Traversal;

/** The shortest path to each distinct state (as `serializeState` tells them apart), once each. */
export function shortestPaths<TInput>(
  machine: AnyStateMachine,
  options: GraphOptions<TInput>,
): Array<StatePath<AnyMachineSnapshot, EventObject>> {
  return uniquePaths(getShortestPaths(machine, traversalOf(options)));
}

/**
 * Shortest paths to every state, plus one path per transition they leave out: the shortest path to
 * its source state and then its event. Every transition (source state + event that changes the
 * state) is taken, at a cost linear in the graph; enumerating simple paths instead grew
 * combinatorially (two minutes for the subscription panel alone).
 */
export function pathsOf<TInput>(
  machine: AnyStateMachine,
  options: GraphOptions<TInput>,
): Array<StatePath<AnyMachineSnapshot, EventObject>> {
  const traversal = traversalOf({ limit: 10_000, ...options });
  const keyOf = (snapshot: AnyMachineSnapshot): string => (options.serializeState ?? serializeSnapshot)(snapshot);
  const shortest = shortestPaths(machine, { limit: 10_000, ...options });
  const toState = new Map(shortest.map((path) => [keyOf(path.state), path]));
  const edge = (from: AnyMachineSnapshot, event: EventObject) => `${keyOf(from)} ${JSON.stringify(event)}`;
  const covered = new Set(
    shortest.flatMap((path) => path.steps.slice(1).map((step, i) => edge((path.steps[i] as Step).state, step.event))),
  );
  const extra: Array<StatePath<AnyMachineSnapshot, EventObject>> = [];
  type Adjacency = Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Adjacency;
  for (const { state, transitions } of Object.values(adjacency)) {
    const base = toState.get(keyOf(state));
    if (!base) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      const key = edge(state, event);
      // An ignored event leaves the snapshot as it was: no transition to take.
      if (keyOf(next) === keyOf(state) || covered.has(key)) continue;
      covered.add(key);
      extra.push({
        state: next,
        steps: [...base.steps, { state: next, event }],
        weight: base.steps.length + 1,
      });
    }
  }
  return [...shortest, ...extra];
}
