import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { PERMISSIONS } from '../../contracts/permissions';
import { subscriptionResultSchema } from '../../contracts/subscriptions';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { grantAdmin, newSession, newUserInput } from './helpers/fixtures';
import {
  asJson,
  encodeSegment,
  hostileRawBody,
  hostileUrlString,
  hostileValue,
  pathsOf,
  replaceAt,
  sampleOf,
  type Json,
} from './helpers/fuzz';
import { brazilianAddress, createCampaign, donationBody, give, personContact, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Every route the app registers gets hostile requests built from its own schemas (body, query
 * string, path parameters), as a guest, a donor and an admin. Nothing may answer 5xx, and a refused
 * request (4xx) may not change a single row of any table.
 */

// Twelve hostile requests per route and role in the suite (some 6,600 in all); FUZZ_RUNS=50 goes deeper by hand.
const RUNS_PER_ROUTE_AND_ROLE = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20260709);
/**
 * Tables a refused request may legitimately change: sign_in_guards, where a wrong password counts
 * towards its e-mail's lock, and second_factor_failures and second_factor_challenges, where a wrong
 * second-factor code counts towards its account's limit and its sign-in challenge's death (docs/security.md).
 * (Rate limits per address live in memory; a refused idempotent request frees its key again, which the
 * fingerprint sees as unchanged.) backup_runs: a backup an earlier accepted POST /admin/backups started records
 * its end when it ends, whichever request is being checked then.
 */
const EXCLUDED_TABLES: string[] = ['sign_in_guards', 'second_factor_failures', 'second_factor_challenges', 'backup_runs'];

interface CollectedRoute {
  method: string;
  url: string;
  schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
}

const routes: CollectedRoute[] = [];
let ctx: TestContext;
let tables: string[] = [];
const fixture = { slug: '', donorId: '', cardId: '', subscriptionId: '', donationId: '', donorEmail: '', donorPassword: '' };
const tokens: Record<'guest' | 'donor' | 'admin', string | undefined> = { guest: undefined, donor: undefined, admin: undefined };

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      // No built web app: its files would add a route each (the same run whether dist/ exists or not).
      distDir: join(tmpdir(), 'semear-fuzz-no-dist'),
      onRoute: (route: RouteOptions) => {
        if ((route as { websocket?: boolean }).websocket) return;
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          routes.push({ method, url: route.url, schema: (route.schema ?? {}) as CollectedRoute['schema'] });
        }
      },
    },
  );
  fixture.slug = (await createCampaign(ctx.database.db)).slug;
  const donor = await newSession(ctx.app);
  Object.assign(fixture, { donorId: donor.user.id, donorEmail: donor.input.email, donorPassword: donor.input.password });
  tokens.donor = donor.token;
  const admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, PERMISSIONS);
  tokens.admin = admin.token;
  const subscribed = await call(
    ctx.app,
    'POST',
    '/api/v1/subscriptions',
    {
      amount: 5000,
      payment: { method: 'card', card_token: await sandboxCardToken(ctx.app) },
      contact: { ...personContact, email: donor.input.email },
      address: brazilianAddress,
    },
    { token: donor.token, headers: { 'idempotency-key': 'fuzz-subscription-1' } },
  );
  const result = subscriptionResultSchema.parse(subscribed.json());
  Object.assign(fixture, { subscriptionId: result.subscription.id, cardId: result.subscription.card?.id ?? '' });
  fixture.donationId = (await give(ctx.app, fixture.slug, donationBody({ method: 'pix' }))).json().donation.id;
  const listed = await ctx.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  tables = rowsOf(listed)
    .map((r) => String(r.tablename))
    .filter((t) => !EXCLUDED_TABLES.includes(t));
  await noteWrittenTables();
}, 120_000);
afterAll(() => ctx?.close());

const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Array<Record<string, unknown>>;

/**
 * Each table names itself in fuzz_written_tables when a statement writes to it (in the writer's
 * transaction: a write rolled back leaves no name), so a fingerprint sums only the tables written since
 * the last one, instead of every table after each of the thousands of requests.
 */
async function noteWrittenTables(): Promise<void> {
  const statements = [
    'create table fuzz_written_tables (name text primary key)',
    `create function fuzz_note_written() returns trigger language plpgsql as $$
       begin insert into fuzz_written_tables values (TG_TABLE_NAME) on conflict do nothing; return null; end $$`,
    ...tables.map(
      (t) =>
        `create trigger fuzz_note_written after insert or update or delete or truncate on "${t}" for each statement execute function fuzz_note_written()`,
    ),
  ];
  for (const statement of statements) await ctx.database.db.execute(sql.raw(statement));
}

/**
 * Row count and an order-independent checksum of every table: any insert, update or delete shows. A table
 * no statement wrote to since `previous` keeps its figure; a table written and put back (a claim made and
 * freed again) sums as before, as it would from scratch.
 */
async function fingerprint(previous?: Map<string, string>): Promise<Map<string, string>> {
  const written = rowsOf(await ctx.database.db.execute(sql.raw('delete from fuzz_written_tables returning name'))).map((r) =>
    String(r.name),
  );
  const stale = previous ? tables.filter((t) => written.includes(t)) : tables;
  const current = new Map(previous);
  if (stale.length === 0) return current;
  const query = stale
    .map((t) => `select '${t}' as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as f from "${t}" x`)
    .join(' union all ');
  for (const r of rowsOf(await ctx.database.db.execute(sql.raw(query)))) current.set(String(r.t), String(r.f));
  return current;
}

/** Request bodies that reach past validation, where the schema alone would not sample one. */
function validBody(method: string, url: string): unknown {
  const key = `${method} ${url}`;
  if (key === 'POST /api/v1/users') return newUserInput();
  if (key === 'PUT /api/v1/users/profile') return { name: 'Maria da Silva', phone: '(11) 98765-4321', address: brazilianAddress };
  // An e-mail without an account: the donor's would lock after 10 wrong passwords, and the lock mails its owner.
  if (key === 'POST /api/v1/sessions') return { email: 'fuzz-sem-conta@exemplo.com.br', password: 'senha-errada-123' };
  if (key === 'POST /api/v1/campaigns/:slug/donations' || key === 'POST /api/v1/donations')
    return donationBody({ method: 'pix' }, { campaign_slug: fixture.slug });
  if (key === 'POST /api/v1/subscriptions')
    return { amount: 5000, payment: { method: 'saved_card', card_id: fixture.cardId }, contact: personContact, address: brazilianAddress };
  if (key === 'POST /sandbox-gateway/v1/tokens')
    return {
      card_number: SANDBOX_TEST_CARDS.visaApproved.number,
      exp_date: '12/34',
      cvv: SANDBOX_TEST_CARDS.visaApproved.cvv,
      holder_name: 'Maria da Silva',
      holder_document: '52998224725',
    };
  if (key === 'POST /api/v1/analytics/page-views') return { views: [{ path: '/', occurred_at: new Date().toISOString() }] };
  if (key === 'POST /api/v1/realtime/auth') return { socket_id: '1.1', channel_name: `private-user-${fixture.donorId}` };
  if (key === 'PUT /api/v1/wallet/auto-donation-cause') return { campaign_slug: fixture.slug };
  return undefined;
}

function validParam(name: string, url: string): string {
  if (name === 'slug') return fixture.slug;
  if (name === 'cep') return '01310100';
  if (name === 'gateway') return 'sandbox';
  if (name === 'id' && url.includes('/cards/')) return fixture.cardId;
  if (name === 'id' && url.includes('/subscriptions/')) return fixture.subscriptionId;
  if (name === 'id' && url.includes('/donations/')) return fixture.donationId;
  if (name === 'id' && url.includes('/donors/')) return fixture.donorId;
  return 'abc';
}

type Mutation =
  | { kind: 'body'; path: Array<string | number>; value: Json | undefined }
  | { kind: 'raw'; payload: string; contentType: string }
  | { kind: 'query'; key: string; value: string | string[] }
  | { kind: 'param'; name: string; value: string };

function mutations(route: CollectedRoute, body: Json | undefined, query: Record<string, unknown>): fc.Arbitrary<Mutation> {
  const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const takesBody = route.schema.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(route.method);
  const options: Array<fc.Arbitrary<Mutation>> = [];
  if (takesBody) {
    const paths = pathsOf(body);
    options.push(
      fc.record({
        kind: fc.constant('body' as const),
        path: fc.constantFrom(...paths),
        value: fc.option(hostileValue, { nil: undefined, freq: 8 }),
      }),
      fc.record({ kind: fc.constant('body' as const), path: fc.constant(['__proto__']), value: fc.constant({ admin: true }) }),
      hostileRawBody.map((raw) => ({ kind: 'raw' as const, ...raw })),
    );
  }
  const keys = [...new Set([...Object.keys(query), 'q', 'page', 'token', '__proto__'])];
  options.push(
    fc.record({
      kind: fc.constant('query' as const),
      key: fc.constantFrom(...keys),
      value: fc.oneof(hostileUrlString, fc.array(hostileUrlString, { minLength: 2, maxLength: 3 })),
    }),
  );
  if (params.length > 0)
    options.push(fc.record({ kind: fc.constant('param' as const), name: fc.constantFrom(...params), value: hostileUrlString }));
  return fc.oneof(...options);
}

function requestFor(route: CollectedRoute, mutation: Mutation, body: Json | undefined, query: Record<string, unknown>) {
  let url = route.url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => {
    const key = name ?? '*';
    return mutation.kind === 'param' && mutation.name === key ? encodeSegment(mutation.value) : encodeSegment(validParam(key, route.url));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) search.append(k, String(v));
  if (mutation.kind === 'query') {
    search.delete(mutation.key);
    for (const v of [mutation.value].flat()) search.append(mutation.key, v);
  }
  const qs = search.toString();
  if (qs) url += `?${qs}`;
  if (mutation.kind === 'raw') return { url, payload: mutation.payload, contentType: mutation.contentType };
  const sentBody = mutation.kind === 'body' ? replaceAt(body, mutation.path, mutation.value) : body;
  return { url, payload: sentBody === undefined ? undefined : JSON.stringify(sentBody), contentType: 'application/json' };
}

const describeMutation = (m: Mutation): string =>
  JSON.stringify(m, (_k, v: unknown) => (typeof v === 'string' && v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v)).slice(0, 300);

it(
  'every route answers hostile requests without a 5xx, and writes nothing when it refuses one',
  async () => {
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;
    let writesOn4xx = 0;
    let refused = 0;
    let before = await fingerprint();
    for (const route of routes) {
      for (const role of ['guest', 'donor', 'admin'] as const) {
        const body = asJson(validBody(route.method, route.url)) ?? sampleOf(route.schema.body);
        const query = (sampleOf(route.schema.querystring) ?? {}) as Record<string, unknown>;
        const samples = fc.sample(mutations(route, body, query), { numRuns: RUNS_PER_ROUTE_AND_ROLE, seed: SEED + sent });
        for (const mutation of samples) {
          const request = requestFor(route, mutation, body, query);
          const token = tokens[role];
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url: request.url,
            headers: {
              ...(request.payload === undefined ? {} : { 'content-type': request.contentType }),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              'idempotency-key': `fuzz-${sent}`,
            },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent++;
          const label = `${route.method} ${route.url} as ${role}: ${describeMutation(mutation)}`;
          if (response.statusCode >= 500) {
            serverErrors++;
            failures.push(`${response.statusCode} ${label} -> ${response.body.slice(0, 200)}`);
          }
          // Work a route does after its answer (a sign-up's mail) belongs to its request.
          await ctx.app.afterAnswerSettled();
          const after = await fingerprint(before);
          if (response.statusCode >= 400 && response.statusCode < 500) {
            refused++;
            const changed = [...after].filter(([t, f]) => before.get(t) !== f).map(([t]) => t);
            if (changed.length > 0) {
              writesOn4xx++;
              failures.push(`${response.statusCode} wrote ${changed.join(', ')}: ${label}`);
            }
          }
          before = after;
        }
      }
    }
    console.log(
      `fuzz (${process.env.TEST_DB ?? 'pglite'}): ${routes.length} routes, ${sent} requests, ${refused} refused (4xx), ${serverErrors} answered 5xx, ${writesOn4xx} wrote on a 4xx`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  },
  30 * 60_000,
);

/** Writes raw bytes to the server and reads what it answers before it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    // The server may close while the rest of the request is still being written (EPIPE, ECONNRESET).
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.end(request);
  });
}

it('a URL longer than the HTTP parser admits is refused before any route, and the server goes on', async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const tenMegabytes = 'x'.repeat(10 * 1024 * 1024);
  for (const path of [`/api/v1/campaigns?q=${tenMegabytes}`, `/api/v1/campaigns/${tenMegabytes}`]) {
    const answer = await rawExchange(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  }
  const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  expect(health.status).toBe(200);
});
