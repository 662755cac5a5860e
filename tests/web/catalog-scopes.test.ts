import { describe, expect, it } from 'vitest';
import { scopeOfFiles } from '../../src/app/i18n/scopes';

describe('catalog scopes: which chunk of translations carries a message', () => {
  it('puts a feature folder’s messages in its own scope and shared ones in core', () => {
    expect(scopeOfFiles(['src/features/checkout/PaymentStep.tsx'])).toBe('checkout');
    expect(scopeOfFiles(['src/features/campaigns/CampaignPage.tsx'])).toBe('campaigns');
    expect(scopeOfFiles(['src/features/home/HomePage.tsx'])).toBe('core');
    expect(scopeOfFiles(['src/features/checkout/A.tsx', 'src/features/campaigns/B.tsx'])).toBe('core');
    expect(scopeOfFiles(['contracts/messages.ts'])).toBe('core');
  });

  it('loads the giving flow’s contract messages with the checkout, not with the first page', () => {
    expect(scopeOfFiles(['contracts/giving-messages.ts'])).toBe('checkout');
  });

  it('leaves messages only the server uses out of every web catalog', () => {
    expect(scopeOfFiles(['server/services/donations/receipt-messages.ts'])).toBe('server');
  });
});
