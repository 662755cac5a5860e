import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { present } from '../present';
import type { WalletOverview, WalletStatementEntry } from '../../contracts';

/**
 * /profile/wallet: the wallet (lots, next automatic donation, chosen cause), the causes the donor may
 * pick, and the statement one page at a time. Pure: the loaders, `saveCause` and the
 * `causeSaved`/`failed` reactions come in with `.provide()`.
 */

export interface Cause {
  slug: string;
  title: string;
}

export interface StatementPage {
  entries: WalletStatementEntry[];
  total: number;
  page: number;
  amount: number;
}

export interface WalletPageData {
  overview: WalletOverview;
  /** Campaigns that take donations now (may be empty: the picker still offers "let Semear choose"). */
  causes: Cause[];
  statement: StatementPage;
}

export interface WalletPageContext {
  data: WalletPageData | null;
}

export type WalletPageEvent =
  /** A campaign slug, or null to let Semear choose. */
  | { type: 'cause.selected'; slug: string | null }
  | { type: 'statement.pageRequested'; page: number }
  | { type: 'wallet.retried' }
  /** The balance moved (realtime): lots, statement and the next automatic donation may have too. */
  | { type: 'wallet.changed' };

const loaded = (context: WalletPageContext): WalletPageData => present(context.data, 'wallet data');

export const walletPageMachine = setup({
  types: {
    context: {} as WalletPageContext,
    events: {} as WalletPageEvent,
  },
  actors: {
    /** GET /wallet, GET /wallet/statement (that page), and the causes. */
    loadWallet: fromPromise<WalletPageData, { page: number }>(async () => {
      throw new Error('wallet page: loadWallet not provided');
    }),
    /** GET /wallet/statement?page. */
    loadStatement: fromPromise<StatementPage, { page: number }>(async () => {
      throw new Error('wallet page: loadStatement not provided');
    }),
    /** PUT /wallet/auto-donation-cause → the wallet as it now stands. */
    saveCause: fromPromise<WalletOverview, { slug: string | null }>(async () => {
      throw new Error('wallet page: saveCause not provided');
    }),
  },
  actions: {
    /** Says the cause was saved (toast). */
    causeSaved: () => {},
    /** Reports the raw error (toasts, docs/spec.md §8). */
    failed: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isOtherPage: ({ context, event }) =>
      event.type === 'statement.pageRequested' && event.page >= 0 && event.page !== loaded(context).statement.page,
  },
}).createMachine({
  id: 'walletPage',
  context: { data: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'loadWallet',
        src: 'loadWallet',
        input: { page: 0 },
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['state:failed'],
      on: { 'wallet.retried': 'loading' },
    },
    ready: {
      type: 'parallel',
      tags: ['state:ready'],
      states: {
        cause: {
          initial: 'idle',
          states: {
            idle: { on: { 'cause.selected': 'saving' } },
            saving: {
              tags: ['state:savingCause'],
              invoke: {
                id: 'saveCause',
                src: 'saveCause',
                input: ({ event }) => ({ slug: event.type === 'cause.selected' ? event.slug : null }),
                onDone: {
                  target: 'idle',
                  actions: [assign({ data: ({ context, event }) => ({ ...loaded(context), overview: event.output }) }), 'causeSaved'],
                },
                onError: { target: 'idle', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        statement: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'statement.pageRequested': { guard: 'isOtherPage', target: 'loadingPage' },
                'wallet.changed': 'refreshing',
              },
            },
            loadingPage: {
              tags: ['state:loadingStatement'],
              invoke: {
                id: 'loadStatement',
                src: 'loadStatement',
                input: ({ event }) => ({ page: event.type === 'statement.pageRequested' ? event.page : 0 }),
                onDone: {
                  target: 'idle',
                  actions: assign({ data: ({ context, event }) => ({ ...loaded(context), statement: event.output }) }),
                },
                onError: { target: 'idle', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            // Quietly, on the page the donor is reading: a failure leaves what is shown.
            refreshing: {
              invoke: {
                id: 'loadWallet',
                src: 'loadWallet',
                input: ({ context }) => ({ page: loaded(context).statement.page }),
                onDone: { target: 'idle', actions: assign({ data: ({ event }) => event.output }) },
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
});

export type WalletPageSnapshot = SnapshotFrom<typeof walletPageMachine>;
