import { useActorRef, useSelector } from '@xstate/react';
import type { ActorOptions, AnyActorLogic, EventFromLogic, SnapshotFrom } from 'xstate';
import { inspected } from '../lib/inspect';

/**
 * Views select what they render from a machine's snapshot (docs/design.md §4): a selector makes a
 * small view object, and `sameFields` keeps a snapshot that changes nothing shown from re-rendering.
 */
export function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as Array<keyof T>;
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** Starts a machine for a component and gives its view (what `select` picks) and its `send`. */
export function useMachineView<TLogic extends AnyActorLogic, TView extends object>(
  logic: TLogic,
  select: (snapshot: SnapshotFrom<TLogic>) => TView,
  options?: ActorOptions<TLogic>,
): [TView, (event: EventFromLogic<TLogic>) => void] {
  const actor = useActorRef(logic, inspected(options ?? {}));
  const view = useSelector(actor, select, sameFields);
  return [view, actor.send];
}
