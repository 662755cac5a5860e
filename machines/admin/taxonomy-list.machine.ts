import { assign, fromPromise, setup } from 'xstate';
import type { AdminCategory, TaxonomyNameInput } from '../../contracts/admin-taxonomy';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * An admin list of categories or tags (/admin/categories, /admin/tags; docs/admin.md):
 *
 *   loading ─► ready ──command.sent / item.moved──► saving ─► loading (the list as the server has it now)
 *      │         ▲                                     │
 *      ▼         └──────── a refused change (its failure shown, nothing changed) ◄┘
 *   unavailable ──list.retried──► loading
 *
 * Pure: `load` (GET the list) and `run` (the change: POST, PATCH, PUT, DELETE) come in with `.provide()`.
 * After every change the list is read again, so what the page shows is what the server keeps.
 */

/** A category or a tag as the list shows it; tags have no position. */
export type TaxonomyItem = Omit<AdminCategory, 'position'> & { position?: number };

export type TaxonomyCommand =
  | { type: 'create'; input: TaxonomyNameInput }
  | { type: 'rename'; slug: string; input: TaxonomyNameInput }
  | { type: 'reorder'; slugs: string[] }
  | { type: 'delete'; slug: string; moveTo?: string }
  | { type: 'merge'; from: string; into: string };

export interface TaxonomyListContext {
  items: TaxonomyItem[];
  failure: FormFailure | null;
  /** The change being saved. */
  pending: TaxonomyCommand | null;
  /** The last change that went through (the page says so, and closes its form). */
  done: TaxonomyCommand['type'] | null;
}

export type TaxonomyListEvent =
  { type: 'command.sent'; command: TaxonomyCommand } | { type: 'item.moved'; slug: string; by: -1 | 1 } | { type: 'list.retried' };

/** The slugs with `slug` moved one place up (-1) or down (1); the same order when it cannot move. */
export function movedOrder(items: readonly TaxonomyItem[], slug: string, by: -1 | 1): string[] {
  const slugs = items.map((item) => item.slug);
  const from = slugs.indexOf(slug);
  const to = from + by;
  if (from < 0 || to < 0 || to >= slugs.length) return slugs;
  [slugs[from], slugs[to]] = [slugs[to] as string, slugs[from] as string];
  return slugs;
}

export const taxonomyListMachine = setup({
  types: {
    context: {} as TaxonomyListContext,
    events: {} as TaxonomyListEvent,
  },
  actors: {
    load: fromPromise<TaxonomyItem[]>(async () => {
      throw new Error('taxonomy list: load not provided');
    }),
    run: fromPromise<unknown, TaxonomyCommand>(async () => {
      throw new Error('taxonomy list: run not provided');
    }),
  },
  guards: {
    canMove: ({ context }, params: { slug: string; by: -1 | 1 }) =>
      movedOrder(context.items, params.slug, params.by).join() !== context.items.map((item) => item.slug).join(),
  },
}).createMachine({
  id: 'taxonomyList',
  context: { items: [], pending: null, failure: null, done: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    unavailable: { tags: ['state:unavailable'], on: { 'list.retried': 'loading' } },
    ready: {
      tags: ['state:ready'],
      on: {
        'command.sent': { target: 'saving', actions: assign({ pending: ({ event }) => event.command, failure: null, done: null }) },
        'item.moved': {
          guard: { type: 'canMove', params: ({ event }) => ({ slug: event.slug, by: event.by }) },
          target: 'saving',
          actions: assign({
            pending: ({ context, event }) => ({ type: 'reorder', slugs: movedOrder(context.items, event.slug, event.by) }),
            failure: null,
            done: null,
          }),
        },
      },
    },
    saving: {
      tags: ['state:ready', 'state:saving'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: assign({ done: ({ context }) => context.pending?.type ?? null, pending: null }) },
        onError: { target: 'ready', actions: assign({ failure: ({ event }) => formFailureOf(event.error), pending: null }) },
      },
    },
  },
});

export type TaxonomyListMachine = typeof taxonomyListMachine;
