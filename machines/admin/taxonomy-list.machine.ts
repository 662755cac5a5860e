import type { AdminCategory, TaxonomyNameInput } from '../../contracts/admin-taxonomy';
import { createListMachine, type ListEvent } from './list-machine';

/**
 * An admin list of categories or tags (/admin/categories, /admin/tags; docs/admin.md), in the shape of
 * `createListMachine` (loading → ready → saving → loading; a refused change keeps the list with its
 * failure; `list.retried`). `run` is the change (POST, PATCH, PUT, DELETE); after every change the list
 * is read again, so what the page shows is what the server keeps. A move is sent as the whole new order
 * (`movedOrder`); one that moves nothing is not sent.
 */

/** A category or a tag as the list shows it; tags have no position. */
export type TaxonomyItem = Omit<AdminCategory, 'position'> & { position?: number };

export type TaxonomyCommand =
  | { type: 'create'; input: TaxonomyNameInput }
  | { type: 'rename'; slug: string; input: TaxonomyNameInput }
  | { type: 'reorder'; slugs: string[] }
  | { type: 'delete'; slug: string; moveTo?: string }
  | { type: 'merge'; from: string; into: string };

/** The slugs with `slug` moved one place up (-1) or down (1); the same order when it cannot move. */
export function movedOrder(items: readonly TaxonomyItem[], slug: string, by: -1 | 1): string[] {
  const slugs = items.map((item) => item.slug);
  const from = slugs.indexOf(slug);
  const to = from + by;
  if (from < 0 || to < 0 || to >= slugs.length) return slugs;
  // Taken out and put back one place further: for a neighbour, the same as swapping the two.
  slugs.splice(from, 1);
  slugs.splice(to, 0, slug);
  return slugs;
}

/** A reorder that moves nothing (the first item up, the last down) is not sent. */
const changesOrder = (command: TaxonomyCommand, items: readonly TaxonomyItem[]) =>
  command.type !== 'reorder' || command.slugs.join() !== items.map((item) => item.slug).join();

const noItems: TaxonomyItem[] = [];

export const taxonomyListMachine = createListMachine({
  id: 'taxonomyList',
  params: {},
  data: noItems,
  accepts: changesOrder,
  doneOf: (command: TaxonomyCommand, _outcome: unknown) => command.type,
});

export type TaxonomyListMachine = typeof taxonomyListMachine;
export type TaxonomyListEvent = ListEvent<object, TaxonomyCommand>;
