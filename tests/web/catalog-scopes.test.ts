import { describe, expect, it } from 'vitest';
import { scopesOfFiles } from '../../src/app/i18n/scopes';

describe('catalog scopes: which chunks of translations carry a message', () => {
  it('puts a feature folder’s messages in its own scope, and anything the first page shows in core alone', () => {
    expect(scopesOfFiles(['src/features/checkout/PaymentStep.tsx'])).toEqual(['checkout']);
    expect(scopesOfFiles(['src/features/campaigns/CampaignPage.tsx'])).toEqual(['campaigns']);
    expect(scopesOfFiles(['src/features/home/HomePage.tsx'])).toEqual(['core']);
    expect(scopesOfFiles(['src/features/checkout/A.tsx', 'src/features/home/B.tsx'])).toEqual(['core']);
    expect(scopesOfFiles(['contracts/messages.ts'])).toEqual(['core']);
  });

  it('repeats a message two lazy features share in both of their chunks, keeping it off the first page', () => {
    expect(scopesOfFiles(['src/features/checkout/A.tsx', 'src/features/contributions/B.tsx'])).toEqual(['checkout', 'contributions']);
  });

  it('loads the giving flow’s and the donor home’s contract messages with their pages, not with the first page', () => {
    expect(scopesOfFiles(['contracts/giving-messages.ts'])).toEqual(['checkout']);
    expect(scopesOfFiles(['contracts/donor-messages.ts'])).toEqual(['wallet']);
  });

  it("loads the organisation's and the DPO's contract messages with the admin pages only", () => {
    expect(scopesOfFiles(['contracts/organisation-messages.ts'])).toEqual(['admin']);
  });

  it('keeps the Segurança page and the step-up dialog (only a signed-in money action opens it) off the first page', () => {
    expect(scopesOfFiles(['src/features/security/SecurityPage.tsx'])).toEqual(['security']);
    expect(scopesOfFiles(['src/app/dialogs/step-up/StepUpDialog.tsx'])).toEqual(['security']);
  });

  it('keeps the giving flows’ shared pieces in src/app (the amount picker) with the checkout, not with the first page', () => {
    expect(scopesOfFiles(['src/app/giving/AmountPicker.tsx'])).toEqual(['checkout']);
    expect(scopesOfFiles(['src/app/giving/AmountPicker.tsx', 'src/features/monthly/SubscriptionEditors.tsx'])).toEqual([
      'checkout',
      'monthly',
    ]);
  });

  it('keeps the shared address block (profile editor, organisation form) with those pages, not with the first page', () => {
    expect(scopesOfFiles(['src/app/forms/address/AddressFields.tsx'])).toEqual(['profile', 'admin']);
    expect(scopesOfFiles(['src/app/forms/address/AddressFields.tsx', 'src/features/checkout/AddressStep.tsx'])).toEqual([
      'profile',
      'admin',
      'checkout',
    ]);
  });

  it('puts the second factors’ messages with the sign-in pages and the security chunk (page and step-up dialog)', () => {
    expect(scopesOfFiles(['contracts/security-messages.ts'])).toEqual(['auth', 'security']);
  });

  it('leaves messages only the server uses out of every web catalog', () => {
    expect(scopesOfFiles(['server/services/donations/receipt-messages.ts'])).toEqual([]);
    expect(scopesOfFiles(['server/a.ts', 'src/features/wallet/B.tsx'])).toEqual(['wallet']);
  });
});
