import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ExportFormat, ExportJob } from '../../contracts/admin-exports';
import { rejectionStatus } from '../../contracts/rejection';
import { formFailureOf, type FormFailure } from '../forms/form-failure';
import { downloadingState } from '../download-state';
import { required } from '../required';

/**
 * An export on an admin page (docs/admin.md, "Exports in the background"): asked for, followed while the
 * server reads its lines (progress), downloaded as soon as it is ready, and downloadable again until it
 * expires. Opening the page takes up the admin's latest export still running or ready.
 *
 *   resuming ─► idle ──export.requested──► requesting ─► following ⇄ (waiting ─after(poll)─► reading)
 *      │                                       │            ├─ ready ─► downloading ─► ready (export.downloaded again)
 *      └─ (one running / ready) ───────────────┼──► following / ready
 *                                              └─ refused ─► idle (its reason)     ├─ failed   (export.requested asks again)
 *                                                                                  └─ expired  (410 on download too)
 *
 * A failed read while following is not a failed export: it reads again. Pure: `request`, `read`, `recent`
 * and `download` come in with `.provide()`.
 */

export const EXPORT_POLL_MS = 1_000;

export interface ExportFileContext {
  job: ExportJob | null;
  failure: FormFailure | null;
}

export type ExportFileEvent =
  { type: 'export.requested'; format: ExportFormat; params: Record<string, unknown> } | { type: 'export.downloaded' };

export const exportFileMachine = setup({
  types: { context: {} as ExportFileContext, events: {} as ExportFileEvent },
  actors: {
    /** The caller's latest export of this page still running or ready, if any. */
    recent: fromPromise<ExportJob | null>(async () => {
      throw new Error('export: recent not provided');
    }),
    request: fromPromise<ExportJob, { format: ExportFormat; params: Record<string, unknown> }>(async () => {
      throw new Error('export: request not provided');
    }),
    read: fromPromise<ExportJob, { id: string }>(async () => {
      throw new Error('export: read not provided');
    }),
    /** Fetches the file and hands it to the browser. */
    download: fromPromise<void, { job: ExportJob }>(async () => {
      throw new Error('export: download not provided');
    }),
  },
  actions: {
    downloadFailed: assign({ failure: (_, params: { error: unknown }) => formFailureOf(params.error) }),
  },
  delays: { poll: EXPORT_POLL_MS },
  guards: {
    isReady: ({ context }) => context.job?.status === 'ready',
    isFailed: ({ context }) => context.job?.status === 'failed',
    isExpired: ({ context }) => context.job?.status === 'expired',
    isGone: (_, params: { error: unknown }) => rejectionStatus(params.error) === 410,
  },
}).createMachine({
  id: 'exportFile',
  context: { job: null, failure: null },
  initial: 'resuming',
  states: {
    resuming: {
      invoke: {
        id: 'recent',
        src: 'recent',
        onDone: [
          {
            guard: ({ event }) => event.output?.status === 'ready',
            target: 'ready',
            actions: assign({ job: ({ event }) => event.output }),
          },
          { guard: ({ event }) => event.output !== null, target: 'following', actions: assign({ job: ({ event }) => event.output }) },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    idle: { on: { 'export.requested': 'requesting' } },
    requesting: {
      tags: ['state:busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ event }) => {
          assertEvent(event, 'export.requested');
          return { format: event.format, params: event.params };
        },
        onDone: { target: 'following', actions: assign({ job: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => formFailureOf(event.error) }) },
      },
    },
    following: {
      tags: ['state:busy'],
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'isReady', target: '#exportFile.downloading' },
            { guard: 'isFailed', target: '#exportFile.failed' },
            { guard: 'isExpired', target: '#exportFile.expired' },
            { target: 'waiting' },
          ],
        },
        waiting: { after: { poll: 'reading' } },
        reading: {
          invoke: {
            id: 'read',
            src: 'read',
            input: ({ context }) => ({ id: required(context.job, 'export: the job followed').id }),
            onDone: { target: 'deciding', actions: assign({ job: ({ event }) => event.output }) },
            onError: 'waiting',
          },
        },
      },
    },
    downloading: downloadingState({
      tags: ['state:busy'],
      input: ({ context }: { context: ExportFileContext }) => ({ job: required(context.job, 'export: the job to download') }),
    }),
    ready: {
      tags: ['state:ready'],
      on: { 'export.downloaded': { target: 'downloading', actions: assign({ failure: null }) }, 'export.requested': 'requesting' },
    },
    failed: { tags: ['state:failed'], on: { 'export.requested': 'requesting' } },
    expired: { tags: ['state:expired'], on: { 'export.requested': 'requesting' } },
  },
});

export type ExportFileMachine = typeof exportFileMachine;
