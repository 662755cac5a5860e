import { assign, fromPromise, setup } from 'xstate';
import type { DataExport } from '../../contracts/data-export';
import { rejectionStatus } from '../../contracts/rejection';
import { formFailureOf, type FormFailure } from '../forms/form-failure';
import { downloadingState } from '../download-state';
import { required } from '../required';

/**
 * "Meus dados" on the profile (docs/privacy.md, "A copy of my data"): the donor asks for a copy of their
 * data, the page follows it while the server prepares it, and offers the ZIP until it expires. Opening the
 * page takes up the latest request. Unlike an admin's export, nothing downloads by itself: the copy is
 * e-mailed too, and the donor downloads it when they choose.
 *
 *   loading ─► none ──dataExport.requested──► requesting ─► following ⇄ (waiting ─after(poll)─► reading)
 *      │                                         │             ├─ ready ⇄ downloading (dataExport.downloaded)
 *      └─ (latest: pending / ready / …) ─────────┼──►          ├─ failed   (dataExport.requested asks again)
 *                                                └─ refused ─► none (its reason)  └─ expired (410 on download too)
 *
 * A failed read while following is not a failed copy: it reads again. Pure: `latest`, `request`, `read`
 * and `download` come in with `.provide()`.
 */

export const DATA_EXPORT_POLL_MS = 2_000;

export interface DataExportContext {
  request: DataExport | null;
  failure: FormFailure | null;
}

export type DataExportEvent = { type: 'dataExport.requested' } | { type: 'dataExport.downloaded' };

export const dataExportMachine = setup({
  types: { context: {} as DataExportContext, events: {} as DataExportEvent },
  actors: {
    /** The account's latest request, or null. */
    latest: fromPromise<DataExport | null>(async () => {
      throw new Error('data export: latest not provided');
    }),
    request: fromPromise<DataExport>(async () => {
      throw new Error('data export: request not provided');
    }),
    read: fromPromise<DataExport, { id: string }>(async () => {
      throw new Error('data export: read not provided');
    }),
    /** Fetches the ZIP with the session and hands it to the browser. */
    download: fromPromise<void, { request: DataExport }>(async () => {
      throw new Error('data export: download not provided');
    }),
  },
  actions: {
    taken: assign({ request: (_, params: { request: DataExport | null }) => params.request }),
    downloadFailed: assign({ failure: (_, params: { error: unknown }) => formFailureOf(params.error) }),
  },
  delays: { poll: DATA_EXPORT_POLL_MS },
  guards: {
    isWaiting: ({ context }) => context.request?.status === 'pending' || context.request?.status === 'processing',
    isReady: ({ context }) => context.request?.status === 'ready',
    isFailed: ({ context }) => context.request?.status === 'failed',
    isExpired: ({ context }) => context.request?.status === 'expired',
    isGone: (_, params: { error: unknown }) => rejectionStatus(params.error) === 410,
  },
}).createMachine({
  id: 'dataExport',
  context: { request: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['state:loading'],
      invoke: {
        id: 'latest',
        src: 'latest',
        onDone: { target: 'deciding', actions: { type: 'taken', params: ({ event }) => ({ request: event.output }) } },
        // The section still lets the donor ask: a new request answers the one pending, if any.
        onError: 'none',
      },
    },
    deciding: {
      always: [
        { guard: 'isWaiting', target: 'following' },
        { guard: 'isReady', target: 'ready' },
        { guard: 'isFailed', target: 'failed' },
        { guard: 'isExpired', target: 'expired' },
        { target: 'none' },
      ],
    },
    none: { tags: ['state:none'], on: { 'dataExport.requested': 'requesting' } },
    requesting: {
      tags: ['state:busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'request',
        src: 'request',
        onDone: { target: 'following', actions: { type: 'taken', params: ({ event }) => ({ request: event.output }) } },
        onError: { target: 'none', actions: assign({ failure: ({ event }) => formFailureOf(event.error) }) },
      },
    },
    following: {
      tags: ['state:busy'],
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'reading' } },
        reading: {
          invoke: {
            id: 'read',
            src: 'read',
            input: ({ context }) => ({ id: required(context.request, 'data export: the request followed').id }),
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'pending' || event.output.status === 'processing',
                target: 'waiting',
                actions: { type: 'taken', params: ({ event }) => ({ request: event.output }) },
              },
              { target: '#dataExport.deciding', actions: { type: 'taken', params: ({ event }) => ({ request: event.output }) } },
            ],
            onError: 'waiting',
          },
        },
      },
    },
    ready: {
      tags: ['state:ready'],
      on: {
        'dataExport.downloaded': { target: 'downloading', actions: assign({ failure: null }) },
        'dataExport.requested': 'requesting',
      },
    },
    downloading: downloadingState({
      tags: ['state:ready', 'state:downloading'],
      input: ({ context }: { context: DataExportContext }) => ({ request: required(context.request, 'data export: the copy to download') }),
    }),
    failed: { tags: ['state:failed'], on: { 'dataExport.requested': 'requesting' } },
    expired: { tags: ['state:expired'], on: { 'dataExport.requested': 'requesting' } },
  },
});

export type DataExportMachine = typeof dataExportMachine;
