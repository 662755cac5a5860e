import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { DataExport } from '../../contracts/data-export';
import { dataExportMachine, type DataExportContext } from '../../machines/profile/data-export.machine';
import { controllableActors, describePath, flush, pathsOf, replayPath, type GraphEvent } from './support/replay';

/**
 * Model-based tests of "Meus dados" (issue 50, item 4): every transition replayed. The section takes up
 * the latest request, follows one being prepared, offers the ZIP once ready (never downloading by itself),
 * says when it failed or expired (a 410 on download too), and keeps a refused request's reason.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const copy = (status: DataExport['status']): DataExport => ({
  id: 'r1',
  status,
  requested_at: '2026-11-29T12:00:00.000Z',
  expires_at: status === 'ready' ? '2026-12-06T12:00:05.000Z' : null,
  download_url: status === 'ready' ? '/api/v1/users/profile/data-export/r1/download' : null,
});

const events: GraphEvent[] = [
  { type: 'xstate.done.actor.latest', output: null },
  { type: 'xstate.done.actor.latest', output: copy('processing') },
  { type: 'xstate.done.actor.latest', output: copy('ready') },
  { type: 'xstate.done.actor.latest', output: copy('expired') },
  { type: 'xstate.done.actor.latest', output: copy('failed') },
  { type: 'xstate.error.actor.latest', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'dataExport.requested' },
  { type: 'xstate.done.actor.request', output: copy('pending') },
  { type: 'xstate.error.actor.request', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'xstate.after.poll.dataExport.following.waiting' },
  { type: 'xstate.done.actor.read', output: copy('processing') },
  { type: 'xstate.done.actor.read', output: copy('ready') },
  { type: 'xstate.done.actor.read', output: copy('failed') },
  { type: 'xstate.error.actor.read', error: { status: 0, messages: ['error.unknown'] } },
  { type: 'dataExport.downloaded' },
  { type: 'xstate.done.actor.download', output: undefined },
  { type: 'xstate.error.actor.download', error: { status: 410, messages: ['Esta cópia não está mais disponível.'] } },
  { type: 'xstate.error.actor.download', error: { status: 0, messages: ['error.unknown'] } },
];

const ACTORS = ['latest', 'request', 'read', 'download'] as const;

describe('data export machine', () => {
  const paths = pathsOf(dataExportMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const controls = controllableActors(dataExportMachine, ACTORS);
    const machine = dataExportMachine.provide({ actors: controls.actors });
    const actor = createActor(machine).start();
    await replayPath(actor, machine, path, controls, (snapshot: AnyMachineSnapshot) => {
      const context = snapshot.context as DataExportContext;
      const shown = ['state:loading', 'state:none', 'state:busy', 'state:ready', 'state:failed', 'state:expired'].filter((tag) =>
        snapshot.hasTag(tag),
      );
      expect(shown).toHaveLength(1);
      if (snapshot.matches('following')) expect(['pending', 'processing']).toContain(context.request?.status);
      if (snapshot.hasTag('state:ready')) expect(context.request?.status).toBe('ready');
      if (snapshot.hasTag('state:failed')) expect(context.request?.status).toBe('failed');
      if (context.failure) expect(snapshot.matches('none') || snapshot.matches('ready')).toBe(true);
    });
    for (const input of controls.calls('download') as Array<{ request: DataExport }>) expect(input.request.status).toBe('ready');
    for (const input of controls.calls('read') as Array<{ id: string }>) expect(input.id).toBe('r1');
    actor.stop();
  });

  it('never downloads by itself: a copy that becomes ready waits for the donor', async () => {
    const controls = controllableActors(dataExportMachine, ACTORS);
    const actor = createActor(dataExportMachine.provide({ actors: controls.actors })).start();
    controls.resolve('latest', null);
    await flush();
    actor.send({ type: 'dataExport.requested' });
    await flush();
    controls.resolve('request', copy('pending'));
    await vi.advanceTimersByTimeAsync(2_000);
    controls.resolve('read', copy('ready'));
    await flush();
    expect(actor.getSnapshot().hasTag('state:ready')).toBe(true);
    expect(controls.calls('download')).toHaveLength(0);
    actor.send({ type: 'dataExport.downloaded' });
    await flush();
    expect(controls.calls('download')).toHaveLength(1);
    actor.stop();
  });
});
