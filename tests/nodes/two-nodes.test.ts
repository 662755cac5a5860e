import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axios from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/open-database';
import type { DatabaseHandle } from '../../server/db/types';
import { recurringJobs } from '../../server/jobs/recurring-jobs';
import { systemClock } from '../../server/services/clock';
import { issueGiftCard } from '../../server/services/ledger';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { createBalanceChannels, loadPusherJs } from '../../src/lib/realtime/balance-channel';
import { adminQuery, spawnServer, stopServer } from '../api/helpers/crash-server';
import { newUserInput, takeSignUpToken } from '../api/helpers/fixtures';
import { createCampaign, donationBody } from '../api/helpers/giving';
import { TEST_ENV } from '../api/helpers/test-app';
import { startRedis } from './redis-server';

/**
 * Two API nodes as a load balancer sees them (docs/deploy.md): two server processes on one PostgreSQL
 * (a scratch database) and one Redis (started here), sharing their secrets; each case calls both.
 */
const AUTH_LIMIT = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

type Node = { url: string };
let redis: Awaited<ReturnType<typeof startRedis>>;
let scratch: string;
let database: DatabaseHandle;
let nodeA: Node;
let nodeB: Node;
const dataDirs: string[] = [];
/** Every server process started, so one left running when the other failed to start is stopped too. */
const processes: ChildProcess[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error('the two-node test needs PostgreSQL: set TEST_DATABASE_URL');
  redis = await startRedis();
  scratch = `semear_nodes_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database "${scratch}"`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${scratch}`;
  const shared = {
    ...TEST_ENV,
    DATABASE_URL: url.toString(),
    REDIS_URL: redis.url,
    // The test stands where the load balancer would: its X-Forwarded-For names the client.
    TRUST_PROXY: '127.0.0.1',
    AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT),
    PAYMENT_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    PUSHER_SECRET: randomBytes(24).toString('hex'),
    PORT: '0',
    HOST: '127.0.0.1',
    // As compose.yaml starts them: the first node seeds the demo under the start-up lock, whose payments
    // make that node ready (and its job runner set pg-boss up) while it still holds the lock.
    DEMO_SEED: 'true',
  };
  // Both start at once on an empty database: they migrate in turn, not on top of each other.
  const start = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'semear-node-'));
    dataDirs.push(dataDir);
    const spawned = spawnServer({ ...shared, DATA_DIR: dataDir });
    processes.push(spawned.process);
    return spawned.listening.then(({ url: base }) => ({ url: base }));
  };
  [nodeA, nodeB] = await Promise.all([start(), start()]);
  database = await openPostgres(url.toString());
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((proc) => stopServer(proc, 'SIGTERM')));
  await database?.close();
  if (scratch) await adminQuery(`drop database if exists "${scratch}" with (force)`);
  await redis?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** A JSON call to one node, as a browser behind the load balancer makes it (its address in X-Forwarded-For). */
async function call(node: Node, method: string, path: string, body?: unknown, options: { token?: string; clientIp?: string } = {}) {
  const headers: Record<string, string> = { 'idempotency-key': `key-${randomUUID()}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.clientIp) headers['x-forwarded-for'] = options.clientIp;
  const response = await fetch(`${node.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The token of the sign-up link queued for `email`, once the node has queued it. */
async function mailedSignUpToken(email: string): Promise<string> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const token = await takeSignUpToken(database.db, email).catch(() => null);
    if (token) return token;
  }
  throw new Error(`no sign-up link mailed to ${email}`);
}

/** A new donor, signed up on one node (the link opened on the other) and signed in on the other. */
async function newDonor(signUpOn: Node, signInOn: Node) {
  const input = newUserInput();
  expect((await call(signUpOn, 'POST', '/api/v1/users', input)).status).toBe(202);
  // The node queues the link after its answer; it is opened on the other node.
  const token = await mailedSignUpToken(input.email);
  expect((await call(signInOn, 'POST', '/api/v1/users/confirmations', { token })).status).toBe(201);
  const session = await call(signInOn, 'POST', '/api/v1/sessions', { email: input.email, password: input.password });
  expect(session.status).toBe(200);
  return { input, token: session.body.token as string, userId: (session.body.user as { id: string }).id };
}

describe('two API nodes on one PostgreSQL and one Redis', () => {
  it('signs a donor in on one node and serves them on the other', async () => {
    const donor = await newDonor(nodeA, nodeA);
    const profile = await call(nodeB, 'GET', '/api/v1/users/profile', undefined, { token: donor.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: donor.userId, email: donor.input.email });
  });

  it('counts failed sign-ins once across both nodes: the limit comes at the same total', async () => {
    const { input } = await newDonor(nodeB, nodeB);
    const wrong = { email: input.email, password: 'senha-errada-123' };
    const clientIp = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 1; i++)
      statuses.push((await call(i % 2 === 0 ? nodeA : nodeB, 'POST', '/api/v1/sessions', wrong, { clientIp })).status);
    // Three tries reached node A and three node B: each alone is under the limit, together the sixth is over.
    expect(statuses).toEqual([...Array<number>(AUTH_LIMIT).fill(401), 429]);
    const refused = await call(nodeA, 'POST', '/api/v1/sessions', { email: input.email, password: input.password }, { clientIp });
    expect(refused).toEqual({
      status: 429,
      body: { code: 'rate_limited', message: 'Muitas tentativas. Aguarde um pouco e tente de novo.' },
    });
    // Another address is not held back.
    expect((await call(nodeB, 'POST', '/api/v1/sessions', wrong, { clientIp: '203.0.113.8' })).status).toBe(401);
  });

  it("counts a donor's wrong gift-card codes once across both nodes", async () => {
    const donor = await newDonor(nodeA, nodeB);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const node = i % 2 === 0 ? nodeA : nodeB;
      statuses.push((await call(node, 'POST', '/api/v1/gift-cards/redemptions', { code: randomUUID() }, { token: donor.token })).status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it("shows a donation given through one node on the other's next campaign read", async () => {
    const campaign = await createCampaign(database.db);
    const before = await call(nodeB, 'GET', `/api/v1/campaigns/${campaign.slug}`);
    expect(before.body).toMatchObject({ raised: 0, donation_count: 0 });
    const card = SANDBOX_TEST_CARDS.visaApproved;
    const token = await call(nodeA, 'POST', '/sandbox-gateway/v1/tokens', {
      card_number: card.number,
      exp_date: '12/34',
      cvv: card.cvv,
      holder_name: 'Maria da Silva',
      holder_document: '52998224725',
    });
    expect(token.status).toBe(201);
    const given = await call(
      nodeA,
      'POST',
      `/api/v1/campaigns/${campaign.slug}/donations`,
      donationBody({ method: 'card', card_token: token.body.token as string, save_card: false }, { amount: 4200 }),
    );
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    // Node B read the campaign before and keeps it in memory; the commit's NOTIFY drops it there, a
    // moment after the commit (docs/campaigns.md), so B's next reads show the gift.
    await expect
      .poll(async () => (await call(nodeB, 'GET', `/api/v1/campaigns/${campaign.slug}`)).body, { timeout: 5_000, interval: 50 })
      .toMatchObject({ raised: 4200, donation_count: 1, donor_count: 1 });
  });

  it("brings a balance change committed through node A to the donor's pusher-js client on node B", async () => {
    const donor = await newDonor(nodeA, nodeB);
    const port = new URL(nodeB.url).port;
    const channels = createBalanceChannels({
      http: axios.create({ baseURL: `${nodeB.url}/api/v1`, headers: { authorization: `Bearer ${donor.token}` } }),
      loadPusher: loadPusherJs,
      location: () => ({ hostname: '127.0.0.1', port, protocol: 'http:' }),
    });
    const seen: number[] = [];
    const stop = channels.subscribeToBalance(donor.userId, (cents) => seen.push(cents));
    const answered: number[] = [];
    try {
      // pusher-js subscribes in its own time: redeem a card on node A until node B's client has heard of one.
      for (let i = 0; i < 40 && seen.length === 0; i++) {
        const card = await database.db.transaction((tx) =>
          issueGiftCard(tx, { valueCents: 1000, expiresAt: new Date(Date.now() + 90 * DAY_MS) }),
        );
        const redeemed = await call(nodeA, 'POST', '/api/v1/gift-cards/redemptions', { code: card.code }, { token: donor.token });
        expect(redeemed.status).toBe(200);
        answered.push(redeemed.body.balance as number);
        await expect
          .poll(() => seen.length, { timeout: 250, interval: 25 })
          .toBeGreaterThan(0)
          .catch(() => undefined);
      }
      await expect.poll(() => seen.at(-1), { timeout: 5000 }).toBe(answered.at(-1));
      expect(answered).toEqual(expect.arrayContaining(seen));
    } finally {
      stop();
    }
  });

  it('runs each recurring job once per tick across both nodes', async () => {
    // The every-minute jobs of the cron table the nodes read (job-runner.ts), each a queue both nodes created.
    const table = recurringJobs({} as Parameters<typeof recurringJobs>[0], systemClock);
    const everyMinute = table.filter((job) => job.cron === '* * * * *').map((job) => job.name);
    expect(everyMinute).toEqual(expect.arrayContaining(['campaign-schedule', 'subscriptions-charge-due', 'wallet-settle-expired']));
    const queues = await database.executeSql(`select name from pgboss.queue where name = any($1)`, [everyMinute]);
    expect(queues.rows).toHaveLength(everyMinute.length);
    const runsPerTick = async () => {
      const { rows } = await database.executeSql(
        `select name, date_trunc('minute', created_on) as tick, count(*)::int as runs, bool_and(state = 'completed') as done
           from pgboss.job where name = any($1) group by name, tick`,
        [everyMinute],
      );
      return rows as Array<{ name: string; tick: Date; runs: number; done: boolean }>;
    };
    // Each node looks at the cron table every 30 s; a job's 60-second singleton slot makes their sends one run.
    await expect
      .poll(async () => new Set((await runsPerTick()).filter((row) => row.done).map((row) => row.name)).size, {
        timeout: 100_000,
        interval: 1000,
      })
      .toBe(everyMinute.length);
    const ticks = await runsPerTick();
    expect(ticks.filter((row) => row.runs !== 1)).toEqual([]);
  }, 120_000);
});
