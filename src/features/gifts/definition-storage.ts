import type { GiftCardDefinitionOutput } from '../../../machines/gift-card/gift-card-definition.machine';

const KEY = 'semear.gift-card-definition';

/**
 * The definition the buyer confirmed, kept in this tab (sessionStorage) for the gift-card checkout
 * and for coming back to edit it; nothing in it is secret (no card data, no codes).
 */
export const definitionStorage = {
  save(definition: GiftCardDefinitionOutput): void {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(definition));
    } catch {
      // Private mode or full storage: the checkout asks the buyer to define the cards again.
    }
  },
  read(): GiftCardDefinitionOutput | null {
    try {
      const raw = sessionStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as GiftCardDefinitionOutput) : null;
    } catch {
      return null;
    }
  },
};
