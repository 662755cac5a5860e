import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openPostgres } from '../../server/db/open-database';
import type { DatabaseHandle } from '../../server/db/types';
import { createReadiness } from '../../server/http/readiness';
import { drainAndClose } from '../../server/start';
import { call, createTestContext, type TestContext } from './helpers/test-app';
import { scratchPostgres } from './helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const READY = { status: 'ok', database: 'ok', migrations: 'applied', shutting_down: false };

describe('GET /api/v1/ready', () => {
  it('answers 200 when the database answers and every migration is applied; /health stays a bare liveness answer', async () => {
    const ready = await call(ctx.app, 'GET', '/api/v1/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual(READY);
    expect((await call(ctx.app, 'GET', '/api/v1/health')).json()).toEqual({ status: 'ok' });
  });

  it('says a migration is pending when the build brings one the database has not applied', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'semear-migrations-'));
    try {
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalFile = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ when: number; tag: string }> };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, when: last.when + 1, tag: '9999_not_applied_yet' });
      writeFileSync(journalFile, JSON.stringify(journal));
      const { db, ping, appliedMigrations } = ctx.database;
      const readiness = createReadiness({ db, ping, appliedMigrations, migrationsFolder: folder });
      expect(await readiness.check()).toEqual({ ...READY, status: 'unavailable', migrations: 'pending' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('turns 503 (shutting_down) once shutdown begins, drains the request in flight, then stops listening', async () => {
    const app = await ctx.buildAnotherApp();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const arrived = new Promise<void>((resolve) => (started = resolve));
    app.get('/test/slow', async () => {
      started();
      await held;
      return { done: true };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${url}/test/slow`);
    try {
      await arrived;
      const closing = drainAndClose({ app, url, close: () => app.close() }, 2000);
      const during = await fetch(`${url}/api/v1/ready`);
      expect(during.status).toBe(503);
      expect(await during.json()).toEqual({ ...READY, status: 'unavailable', shutting_down: true });
      // Alive still: only readiness changed.
      expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
      // After the grace it stops listening, the slow request still in flight...
      await expect.poll(() => app.server.listening, { timeout: 5000 }).toBe(false);
      await expect(fetch(`${url}/api/v1/health`)).rejects.toThrow();
      release();
      // ...which is answered before the server closes.
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ done: true });
      await closing;
    } finally {
      release();
    }
  });

  it('answers 503 (database unreachable) while the database is down, and 200 again once it is back', async () => {
    const outage = await databaseThatGoesDown(ctx);
    try {
      const app = await ctx.buildAnotherApp({}, { db: outage.handle.db, database: outage.handle });
      expect((await call(app, 'GET', '/api/v1/ready')).statusCode).toBe(200);
      await outage.down();
      const down = await call(app, 'GET', '/api/v1/ready');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'unreachable', migrations: 'unknown', shutting_down: false });
      // Liveness does not depend on the database: a supervisor must not restart the node for its outage.
      expect((await call(app, 'GET', '/api/v1/health')).statusCode).toBe(200);
      await outage.up();
      await expect.poll(async () => (await call(app, 'GET', '/api/v1/ready')).statusCode, { timeout: 10_000 }).toBe(200);
    } finally {
      await outage.close();
    }
  });
});

interface Outage {
  handle: DatabaseHandle;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A database this test can take away. PostgreSQL: a scratch database reached through a TCP relay that is
 * stopped (every connection cut, new ones refused) and started again on the same port. PGlite runs in
 * this process and cannot go away on its own: there the handle's own `select 1` is made to fail.
 */
async function databaseThatGoesDown(context: TestContext): Promise<Outage> {
  if (context.database.kind === 'pglite') {
    let reachable = true;
    const base = context.database;
    const handle: DatabaseHandle = {
      ...base,
      ping: async () => {
        if (!reachable) throw new Error('connection refused');
        await base.ping();
      },
      close: async () => {},
    };
    return { handle, down: async () => void (reachable = false), up: async () => void (reachable = true), close: async () => {} };
  }
  const scratch = await scratchPostgres('semear_ready');
  const target = new URL(scratch.url);
  const relay = tcpRelay(target.hostname, Number(target.port || 5432));
  const port = await relay.start(0);
  const relayed = new URL(scratch.url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  const handle = await openPostgres(relayed.toString());
  return {
    handle,
    down: () => relay.stop(),
    up: async () => void (await relay.start(port)),
    close: async () => {
      await relay.stop();
      await handle.close().catch(() => undefined);
      await scratch.drop();
    },
  };
}

function tcpRelay(host: string, port: number) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  return {
    start: (listenPort: number) =>
      new Promise<number>((resolve, reject) => {
        server = createServer((client) => {
          const upstream = connect(port, host);
          track(client);
          track(upstream);
          client.pipe(upstream).pipe(client);
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        });
        server.once('error', reject);
        server.listen(listenPort, '127.0.0.1', () => resolve((server?.address() as { port: number }).port));
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
}
