import type { WalletOverview, WalletStatementEntry } from '../../contracts';
import type { StatementPage, WalletPageData } from '../../machines/wallet/wallet-page.machine';

/** A donor's wallet as GET /wallet and GET /wallet/statement answer it (cents). */

export const kitchen = { slug: 'cozinha-solidaria-recife', title: 'Cozinha Solidária do Recife' };
export const library = { slug: 'biblioteca-escolar-belem', title: 'Biblioteca Escolar em Belém' };

export const overview: WalletOverview = {
  balance: 8_000,
  lots: [
    {
      id: 'lot-1',
      origin: 'monthly_credit',
      amount: 5_000,
      remaining: 3_000,
      expires_at: '2026-06-30T15:00:00.000Z',
      created_at: '2026-05-30T15:00:00.000Z',
    },
    {
      id: 'lot-2',
      origin: 'gift_card',
      amount: 5_000,
      remaining: 5_000,
      expires_at: '2026-11-22T15:00:00.000Z',
      created_at: '2026-05-22T15:00:00.000Z',
    },
  ],
  next_automatic_donation: { amount: 3_000, date: '2026-06-30T15:00:00.000Z', campaign: kitchen, reason: 'most_given' },
  chosen_cause: null,
};

export const chosenLibrary: WalletOverview = {
  ...overview,
  next_automatic_donation: { amount: 3_000, date: '2026-06-30T15:00:00.000Z', campaign: library, reason: 'chosen' },
  chosen_cause: library,
};

export const entry = (over: Partial<WalletStatementEntry> & Pick<WalletStatementEntry, 'id'>): WalletStatementEntry => ({
  kind: 'credit',
  amount: 5_000,
  origin: 'monthly_credit',
  campaign: null,
  created_at: '2026-05-30T15:00:00.000Z',
  ...over,
});

export const statementPage0: StatementPage = {
  entries: [
    entry({ id: 'e-3', kind: 'donation', amount: -2_000, origin: null, campaign: kitchen, created_at: '2026-06-02T15:00:00.000Z' }),
    entry({ id: 'e-2', kind: 'credit', amount: 5_000, origin: 'monthly_credit' }),
    entry({ id: 'e-1', kind: 'credit', amount: 5_000, origin: 'gift_card', created_at: '2026-05-22T15:00:00.000Z' }),
  ],
  total: 4,
  page: 0,
  amount: 3,
};

export const statementPage1: StatementPage = {
  entries: [
    entry({ id: 'e-0', kind: 'automatic_donation', amount: -1_000, origin: null, campaign: null, created_at: '2026-04-30T15:00:00.000Z' }),
  ],
  total: 4,
  page: 1,
  amount: 3,
};

export const pageData: WalletPageData = { overview, statement: statementPage0, causes: [kitchen, library] };
