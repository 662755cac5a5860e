import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { ExportJob } from '../../contracts/admin-exports';
import { exportFileMachine, type ExportFileContext } from '../../machines/admin/export-file.machine';
import { controllableActors, describePath, flush, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of an export on an admin page (issue 14): every transition replayed. It follows
 * the job while the server reads, downloads it as soon as it is ready (and again on request), says when
 * it failed or expired (a 410 on download too), keeps a refused request's reason, and takes up the
 * latest export when the page opens.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const job = (status: ExportJob['status'], done = 0): ExportJob => ({
  id: 'e1',
  kind: 'finances',
  format: 'csv',
  status,
  lines_done: done,
  lines_total: status === 'queued' ? null : 4000,
  file_name: 'semear-financas-2026-01-01-2026-12-31.csv',
  size_bytes: status === 'ready' ? 123_456 : null,
  queue_place: status === 'queued' ? 1 : null,
  created_at: '2026-11-25T12:00:00.000Z',
  finished_at: status === 'ready' ? '2026-11-25T12:00:09.000Z' : null,
  expires_at: status === 'ready' ? '2026-11-26T12:00:09.000Z' : null,
});

const events: GraphEvent[] = [
  { type: 'xstate.done.actor.recent', output: null },
  { type: 'xstate.done.actor.recent', output: job('running', 2000) },
  { type: 'xstate.done.actor.recent', output: job('ready', 4000) },
  { type: 'xstate.error.actor.recent', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'export.requested', format: 'csv', params: { from: '2026-01-01', to: '2026-12-31' } },
  { type: 'xstate.done.actor.request', output: job('queued') },
  { type: 'xstate.error.actor.request', error: { status: 400, messages: ['O início do período precisa ser antes do fim'] } },
  { type: 'xstate.after.poll.exportFile.following.waiting' },
  { type: 'xstate.done.actor.read', output: job('running', 2000) },
  { type: 'xstate.done.actor.read', output: job('ready', 4000) },
  { type: 'xstate.done.actor.read', output: job('failed', 2000) },
  { type: 'xstate.error.actor.read', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'xstate.done.actor.download', output: undefined },
  { type: 'xstate.error.actor.download', error: { status: 410, messages: ['Este arquivo não está mais disponível'] } },
  { type: 'xstate.error.actor.download', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'export.downloaded' },
];

describe('export file machine', () => {
  const paths = pathsOf(exportFileMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(exportFileMachine, ['recent', 'request', 'read', 'download']);
    const machine = exportFileMachine.provide({ actors: controls.actors });
    const actor = createActor(machine).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as ExportFileContext;
      const shown = ['state:busy', 'state:ready', 'state:failed', 'state:expired'].filter((tag) => snapshot.hasTag(tag));
      expect(shown.length).toBeLessThanOrEqual(1);
      // Following means a job to follow; ready means a file to download.
      if (snapshot.matches('following') || snapshot.matches('downloading')) expect(context.job).not.toBeNull();
      if (snapshot.hasTag('state:ready')) expect(context.job?.status).toBe('ready');
      if (snapshot.hasTag('state:failed')) expect(context.job?.status).toBe('failed');
      if (context.failure) expect(snapshot.matches('idle') || snapshot.matches('ready')).toBe(true);
    });
    for (const input of controls.calls('download') as Array<{ job: ExportJob }>) expect(input.job.status).toBe('ready');
    for (const input of controls.calls('request') as Array<{ format: string; params: object }>) {
      expect(input).toEqual({ format: 'csv', params: { from: '2026-01-01', to: '2026-12-31' } });
    }
    for (const input of controls.calls('read') as Array<{ id: string }>) expect(input.id).toBe('e1');
    actor.stop();
  });

  it('downloads by itself once the server says ready, and not a job it found already ready', async () => {
    const controls = controllableActors(exportFileMachine, ['recent', 'request', 'read', 'download']);
    const actor = createActor(exportFileMachine.provide({ actors: controls.actors })).start();
    controls.resolve('recent', job('ready', 4000));
    await flush();
    expect(actor.getSnapshot().hasTag('state:ready')).toBe(true);
    expect(controls.calls('download')).toHaveLength(0);
    actor.send({ type: 'export.requested', format: 'csv', params: {} });
    await flush();
    controls.resolve('request', job('queued'));
    await vi.advanceTimersByTimeAsync(1_000);
    controls.resolve('read', job('ready', 4000));
    await flush();
    expect(controls.calls('download')).toHaveLength(1);
    actor.stop();
  });
});
