import type { CorporateDefinitionOutput } from '../../../machines/gift-card/corporate-definition.machine';
import type { GiftCardDefinitionOutput } from '../../../machines/gift-card/gift-card-definition.machine';

/**
 * A definition the buyer confirmed, kept in this tab (sessionStorage) for its checkout and for coming
 * back to edit it; nothing in it is secret (no card data, no codes).
 */
function tabValue<T>(key: string) {
  return {
    save(value: T): void {
      try {
        sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Private mode or full storage: the checkout asks the buyer to define the cards again.
      }
    },
    read(): T | null {
      try {
        const raw = sessionStorage.getItem(key);
        return raw ? (JSON.parse(raw) as T) : null;
      } catch {
        return null;
      }
    },
  };
}

export const definitionStorage = tabValue<GiftCardDefinitionOutput>('semear.gift-card-definition');
export const corporateDefinitionStorage = tabValue<CorporateDefinitionOutput>('semear.corporate-gift-card-definition');
