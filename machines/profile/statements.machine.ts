import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { StatementYears } from '../../contracts/statements';
import { formFailureOf, type FormFailure } from '../forms/form-failure';

/**
 * "Comprovantes" on the profile (docs/privacy.md, "Statement delivery"): every year the donor gave in, with its
 * net total, the statement's PDF and, for a company's gifts when the NGO may issue them, the deduction
 * declaration. One download at a time; a refused one keeps the list and says why.
 *
 *   loading ─► listed ──statements.downloaded──► downloading ─► listed (failure kept when refused)
 *      │  └─► empty
 *      └─► unavailable ──statements.retried──► loading
 *
 * Pure: `loadYears` and `download` come in with `.provide()`.
 */

export type StatementDocument = 'statement' | 'declaration';

export interface StatementDownload {
  year: number;
  document: StatementDocument;
}

export interface StatementsContext {
  years: StatementYears;
  /** The download on its way, or the last one refused (with `failure`). */
  download: StatementDownload | null;
  failure: FormFailure | null;
}

export type StatementsEvent = { type: 'statements.downloaded'; year: number; document: StatementDocument } | { type: 'statements.retried' };

export const statementsMachine = setup({
  types: { context: {} as StatementsContext, events: {} as StatementsEvent },
  actors: {
    loadYears: fromPromise<StatementYears>(async () => {
      throw new Error('statements: loadYears not provided');
    }),
    /** Fetches the PDF with the session and hands it to the browser. */
    download: fromPromise<void, StatementDownload>(async () => {
      throw new Error('statements: download not provided');
    }),
  },
  guards: {
    hasYears: (_, params: { years: StatementYears }) => params.years.length > 0,
  },
}).createMachine({
  id: 'statements',
  context: { years: [], download: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'loadYears',
        src: 'loadYears',
        onDone: [
          {
            guard: { type: 'hasYears', params: ({ event }) => ({ years: event.output }) },
            target: 'listed',
            actions: assign({ years: ({ event }) => event.output }),
          },
          { target: 'empty' },
        ],
        onError: 'unavailable',
      },
    },
    empty: { tags: ['state:empty'] },
    unavailable: {
      tags: ['state:unavailable'],
      on: { 'statements.retried': 'loading' },
    },
    listed: {
      tags: ['state:listed'],
      on: {
        'statements.downloaded': {
          target: 'downloading',
          actions: assign({ download: ({ event }) => ({ year: event.year, document: event.document }), failure: null }),
        },
      },
    },
    downloading: {
      tags: ['state:listed', 'state:downloading'],
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ event }) => {
          assertEvent(event, 'statements.downloaded');
          return { year: event.year, document: event.document };
        },
        onDone: { target: 'listed', actions: assign({ download: null }) },
        onError: { target: 'listed', actions: assign({ failure: ({ event }) => formFailureOf(event.error) }) },
      },
    },
  },
});
