import type { CorporateDefinitionOutput } from '../../../machines/gift-card/corporate-definition.machine';
import type { GiftCardDefinitionOutput } from '../../../machines/gift-card/gift-card-definition.machine';

/**
 * The order a buyer is putting together in this tab (sessionStorage): the definition they confirmed,
 * for its checkout and for coming back to change it, and the order last placed for it. Once that
 * order is paid the draft is gone, so neither the browser's Back nor the definition page offers the
 * paid order again; the tab keeps only which order was paid, for the checkout to say so. Nothing in
 * it is secret (no card data, no codes).
 */
interface StoredDraft<T> {
  definition: T;
  /**
   * This definition's id, sent with its order (`draft_id`): a duplicated tab copies it, and the server
   * refuses a second payment for one draft (docs/gift-cards.md "One draft, one order").
   */
  draftId?: string;
  /** The order the checkout placed for this definition (a declined or unpaid one is replaced by the next). */
  placedOrderId: string | null;
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings): the checkout asks the buyer to define the cards again.
    return null;
  }
}

function readJson(key: string): unknown {
  try {
    const raw = session()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) session()?.removeItem(key);
    else session()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: nothing kept, nothing broken.
  }
}

export interface OrderDraft<T> {
  /** A definition just confirmed: nothing placed for it yet. */
  save(definition: T): void;
  read(): T | null;
  /** The current definition's id (null: none, or a draft kept before drafts had one). */
  draftId(): string | null;
  /** The checkout placed `orderId` for the current definition. */
  placed(orderId: string): void;
  /** The order last placed for the current definition, or null. */
  placedOrder(): string | null;
  /** `orderId` is paid: if it is the current definition's order, the draft is gone and the tab remembers the order. */
  paid(orderId: string): void;
  /** The order this tab last paid (for the checkout's "already paid"), or null. */
  lastPaid(): string | null;
}

function orderDraft<T>(key: string): OrderDraft<T> {
  const paidKey = `${key}:paid`;
  const stored = (): StoredDraft<T> | null => {
    const value = readJson(key);
    return typeof value === 'object' && value !== null && 'definition' in value ? (value as StoredDraft<T>) : null;
  };
  return {
    save(definition) {
      write(key, { definition, placedOrderId: null, draftId: crypto.randomUUID() } satisfies StoredDraft<T>);
    },
    read: () => stored()?.definition ?? null,
    draftId: () => stored()?.draftId ?? null,
    placed(orderId) {
      const draft = stored();
      if (draft) write(key, { ...draft, placedOrderId: orderId } satisfies StoredDraft<T>);
    },
    placedOrder: () => stored()?.placedOrderId ?? null,
    paid(orderId) {
      if (stored()?.placedOrderId !== orderId) return;
      write(key, null);
      write(paidKey, orderId);
    },
    lastPaid() {
      const value = readJson(paidKey);
      return typeof value === 'string' ? value : null;
    },
  };
}

export const personalDraft = orderDraft<GiftCardDefinitionOutput>('semear.gift-card-order');
export const corporateDraft = orderDraft<CorporateDefinitionOutput>('semear.corporate-gift-card-order');
