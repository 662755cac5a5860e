import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_KEPT_DAYS, dataExportAcceptedSchema, dataExportSchema, type DataExport } from '../../contracts/data-export';
import { dataRequests, donations, mailOutbox, recoveryCodes, refreshTokens, savedCards, totpFactors, users } from '../../server/db/schema';
import { runPendingDataExports, type DataExportDeps } from '../../server/services/privacy/data-exports';
import { createStorage } from '../../server/services/storage/create-storage';
import type { FileStorage } from '../../server/services/storage/file-storage';
import { newSession, signIn } from './helpers/fixtures';
import { createCampaign, donationBody, give, sandboxCardToken } from './helpers/giving';
import { readZip } from './helpers/read-zip';
import { enrolTotp } from './helpers/second-factor';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * A copy of one's data (issue 50, item 4; docs/privacy.md): asked with a 202, prepared after the answer,
 * e-mailed as a link to the profile, downloaded as a ZIP with the account's own session for 7 days and
 * then deleted; every kind of personal data is in it and no secret ever is.
 */

const BASE = '/api/v1/users/profile/data-export';
const EXPECTED_FILES = [
  'README.txt',
  'profile.json',
  'addresses.json',
  'donations.json',
  'statements.json',
  'subscriptions.json',
  'saved-cards.json',
  'wallet.json',
  'gift-cards.json',
  'notifications.json',
  'preferences.json',
  'sessions.json',
  'second-factors.json',
  'data-requests.json',
];

let ctx: TestContext;
let storage: FileStorage;
let donor: Awaited<ReturnType<typeof newSession>>;
let stranger: Awaited<ReturnType<typeof newSession>>;
let totp: Awaited<ReturnType<typeof enrolTotp>>;
let donationId = '';

beforeAll(async () => {
  ctx = await createTestContext();
  storage = createStorage(ctx.config.storage);
  donor = await newSession(ctx.app, { name: 'Joana Exportadora' });
  stranger = await newSession(ctx.app);
  const campaign = await createCampaign(ctx.database.db, { title: 'Horta comunitária' });
  const body = donationBody(
    { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: true },
    { amount: 4200, contact: { ...donationBody({ method: 'pix' }).contact, email: donor.user.email } },
  );
  const given = await give(ctx.app, campaign.slug, body, { token: donor.token });
  expect(given.statusCode, given.body).toBe(201);
  donationId = given.json().donation.id as string;
  totp = await enrolTotp(ctx.app, ctx.clock, donor.token);
});
afterAll(() => ctx.close());

const deps = (): DataExportDeps => ({
  db: ctx.database.db,
  storage,
  clock: ctx.clock,
  translator: ctx.app.translator,
  publicUrl: ctx.config.publicUrl,
});
const requestsOf = async (userId: string) =>
  Number((await ctx.database.db.select({ n: count() }).from(dataRequests).where(eq(dataRequests.userId, userId)))[0]?.n ?? 0);
const read = async (id: string, token = donor.token) => call(ctx.app, 'GET', `${BASE}/${id}`, undefined, { token });
const download = (id: string, token = donor.token) => call(ctx.app, 'GET', `${BASE}/${id}/download`, undefined, { token });

/** Asks for a copy and waits for the work after the answer: the copy is then ready. */
async function exportReady(token = donor.token): Promise<DataExport> {
  const asked = await call(ctx.app, 'POST', BASE, undefined, { token });
  expect(asked.statusCode, asked.body).toBe(202);
  const { id } = dataExportAcceptedSchema.parse(asked.json());
  await ctx.app.afterAnswerSettled();
  const answer = await read(id, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return dataExportSchema.parse(answer.json());
}

describe('a copy of my data', () => {
  let ready: DataExport;
  let files: Map<string, Buffer>;
  const json = (name: string) => JSON.parse(files.get(name)?.toString('utf8') ?? 'null') as Record<string, unknown> & unknown[];

  beforeAll(async () => {
    ready = await exportReady();
    const file = await download(ready.id);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="semear-meus-dados-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(file.headers['cache-control']).toBe('no-store');
    files = readZip(file.rawPayload);
  });

  it('is ready with a download link valid for 7 days', () => {
    expect(ready).toMatchObject({ status: 'ready', download_url: `${BASE}/${ready.id}/download` });
    const kept = Date.parse(ready.expires_at as string) - ctx.clock.now().getTime();
    expect(kept).toBe(DATA_EXPORT_KEPT_DAYS * 86_400_000);
  });

  it('holds a README and one JSON file for each kind of personal data', () => {
    expect([...files.keys()]).toEqual(EXPECTED_FILES);
    const readme = files.get('README.txt')?.toString('utf8') ?? '';
    expect(readme).toContain('Cópia dos seus dados no Semear');
    expect(readme).toContain(donor.user.email);
    for (const name of EXPECTED_FILES.slice(1)) expect(readme).toContain(`- ${name}: `);
  });

  it('has the profile, the donation with its payment, the year statement and the saved card', () => {
    expect(json('profile.json')).toMatchObject({
      id: donor.user.id,
      name: 'Joana Exportadora',
      email: donor.user.email,
      cpf: expect.any(String),
    });
    const gifts = json('donations.json') as unknown as Array<Record<string, unknown>>;
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ id: donationId, campaign: 'Horta comunitária', amount: 4200, status: 'confirmed', method: 'card' });
    expect(gifts[0]?.payments).toEqual([expect.objectContaining({ status: 'succeeded', amount: 4200, card_last4: expect.any(String) })]);
    const statements = json('statements.json') as unknown as Array<{ total: number; donations: Array<{ id: string; net: number }> }>;
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ total: 4200, donations: [{ id: donationId, net: 4200, refunded: 0 }] });
    const cards = json('saved-cards.json') as unknown as Array<Record<string, unknown>>;
    expect(cards).toHaveLength(1);
    expect(Object.keys(cards[0] ?? {}).sort()).toEqual(
      ['brand', 'created_at', 'deleted_at', 'exp_month', 'exp_year', 'holder_name', 'id', 'is_default', 'last4'].sort(),
    );
  });

  it('has the sessions, the second factors by date only, the preferences and this very request', () => {
    const sessions = json('sessions.json') as unknown as Array<Record<string, unknown>>;
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    expect(sessions[0]).toMatchObject({ user_agent: expect.any(String), ip: expect.any(String), created_at: expect.any(String) });
    expect(json('second-factors.json')).toMatchObject({
      authenticator_app: { created_at: expect.any(String), confirmed_at: expect.any(String) },
      passkeys: [],
      recovery_codes: { total: 10, unused: 10 },
    });
    expect(json('preferences.json')).toMatchObject({ notifications: { defaults: true }, unused_credit_cause: null });
    expect(json('wallet.json')).toMatchObject({ balance: 0, lots: [], entries: [] });
    expect(json('data-requests.json')).toEqual([expect.objectContaining({ id: ready.id, kind: 'export', status: 'processing' })]);
  });

  it('never holds a secret: password hash, second-factor secret, recovery codes, card, receipt or refresh tokens', async () => {
    const { db } = ctx.database;
    const everything = [...files.values()].map((bytes) => bytes.toString('utf8')).join('\n');
    const [account] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, donor.user.id));
    const [factor] = await db
      .select({ secret: totpFactors.secretCiphertext })
      .from(totpFactors)
      .where(eq(totpFactors.userId, donor.user.id));
    const codes = await db.select({ hash: recoveryCodes.codeHash }).from(recoveryCodes).where(eq(recoveryCodes.userId, donor.user.id));
    const [card] = await db.select({ token: savedCards.gatewayToken }).from(savedCards).where(eq(savedCards.userId, donor.user.id));
    const [gift] = await db.select({ hash: donations.receiptTokenHash }).from(donations).where(eq(donations.id, donationId));
    const refresh = await db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens).where(eq(refreshTokens.userId, donor.user.id));
    const secrets = [
      account?.hash,
      factor?.secret,
      totp.secret,
      ...totp.recoveryCodes,
      ...codes.map((c) => c.hash),
      card?.token,
      gift?.hash,
      ...refresh.map((r) => r.hash),
      donor.token,
      donor.refresh_token,
      'password_hash',
      'gateway_token',
    ];
    expect(secrets.filter((s) => !s)).toEqual([]);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it('e-mails a link to the profile, in the account language, once', async () => {
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, donor.user.email), eq(mailOutbox.subject, 'A cópia dos seus dados no Semear está pronta')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('http://semear.test/profile#meus-dados');
    // The link opens the profile, never the file: a forwarded mail downloads nothing.
    expect(mails[0]?.text).not.toContain('/download');
  });

  it('the latest request is what the profile shows', async () => {
    const latest = await call(ctx.app, 'GET', BASE, undefined, { token: donor.token });
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toMatchObject({ id: ready.id, status: 'ready' });
    const none = await call(ctx.app, 'GET', BASE, undefined, { token: stranger.token });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });

  it("is another account's to see or download in no way: 404, as if it did not exist", async () => {
    for (const answer of [await read(ready.id, stranger.token), await download(ready.id, stranger.token)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'data_export.not_found', message: 'Cópia dos dados não encontrada.' });
    }
  });

  it('needs a session: 401 without a token, before anything is written', async () => {
    const before = await requestsOf(donor.user.id);
    for (const [method, path] of [
      ['POST', BASE],
      ['GET', BASE],
      ['GET', `${BASE}/${ready.id}`],
      ['GET', `${BASE}/${ready.id}/download`],
    ] as const) {
      const answer = await call(ctx.app, method, path);
      expect(answer.statusCode, `${method} ${path}`).toBe(401);
    }
    expect(await requestsOf(donor.user.id)).toBe(before);
  });

  it('answers 400 for an id that is not one', async () => {
    const answer = await read('not-an-id');
    expect(answer.statusCode).toBe(400);
  });
});

describe('one request at a time, the job, and expiry', () => {
  it('two requests at once while one is pending make one, and both answer its id', async () => {
    const someone = await newSession(ctx.app);
    const [first, second] = await Promise.all([
      call(ctx.app, 'POST', BASE, undefined, { token: someone.token }),
      call(ctx.app, 'POST', BASE, undefined, { token: someone.token }),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([202, 202]);
    expect(first?.json()).toEqual(second?.json());
    await ctx.app.afterAnswerSettled();
    expect(await requestsOf(someone.user.id)).toBe(1);
  });

  it('a request a stopped process left pending is refused for download (409), then prepared by the job, in English', async () => {
    const someone = await newSession(ctx.app);
    await ctx.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, someone.user.id));
    const [row] = await ctx.database.db
      .insert(dataRequests)
      .values({ kind: 'export', userId: someone.user.id, status: 'pending', requestedAt: ctx.clock.now() })
      .returning();
    const early = await download(row!.id, someone.token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'data_export.not_ready' });
    // A second request answers the waiting one.
    const again = await call(ctx.app, 'POST', BASE, undefined, { token: someone.token });
    expect(again.json()).toEqual({ id: row!.id });

    expect(await runPendingDataExports(deps())).toBeGreaterThanOrEqual(1);
    const file = await download(row!.id, someone.token);
    expect(file.statusCode).toBe(200);
    expect(readZip(file.rawPayload).get('README.txt')?.toString('utf8')).toContain('Copy of your data on Semear');
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, someone.user.email));
    expect(mail?.subject).toBe('Your copy of your data on Semear is ready');
  });

  it('after 7 days the link is gone (410) and the job deletes the file', async () => {
    const someone = await newSession(ctx.app);
    const ready = await exportReady(someone.token);
    const [row] = await ctx.database.db.select().from(dataRequests).where(eq(dataRequests.id, ready.id));
    expect(await storage.get(row!.fileKey!)).not.toBeNull();

    ctx.clock.advance(DATA_EXPORT_KEPT_DAYS * 86_400_000);
    // A week later the access token has long expired: the donor signs in again.
    const { token } = await signIn(ctx.app, someone.input.email, someone.input.password);
    expect(dataExportSchema.parse((await read(ready.id, token)).json())).toMatchObject({ status: 'expired', download_url: null });
    const late = await download(ready.id, token);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'data_export.expired' });

    await runPendingDataExports(deps());
    const [after] = await ctx.database.db.select().from(dataRequests).where(eq(dataRequests.id, ready.id));
    expect(after).toMatchObject({ status: 'expired', fileKey: null });
    expect(await storage.get(row!.fileKey!)).toBeNull();
    // Expired, a new request makes a new copy.
    const renewed = await call(ctx.app, 'POST', BASE, undefined, { token });
    expect(renewed.statusCode).toBe(202);
    expect(renewed.json()).not.toEqual({ id: ready.id });
    await ctx.app.afterAnswerSettled();
  });

  it("a deleted account's copy does not outlive it: the job deletes the file at once", async () => {
    const someone = await newSession(ctx.app);
    const ready = await exportReady(someone.token);
    const [row] = await ctx.database.db.select().from(dataRequests).where(eq(dataRequests.id, ready.id));
    // What the account's deletion sets (docs/privacy.md, "Deleting an account").
    await ctx.database.db.update(users).set({ deletedAt: ctx.clock.now(), active: false }).where(eq(users.id, someone.user.id));
    await runPendingDataExports(deps());
    const [after] = await ctx.database.db.select().from(dataRequests).where(eq(dataRequests.id, ready.id));
    expect(after).toMatchObject({ status: 'expired', fileKey: null });
    expect(await storage.get(row!.fileKey!)).toBeNull();
  });
});
