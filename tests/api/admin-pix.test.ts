import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePixKey, payoutAccountSchema, pixKeySchema } from '../../contracts/admin-pix';
import { auditLog, mailOutbox, payments, payoutAccounts, pixKeys } from '../../server/db/schema';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * PIX keys and payout accounts (issue 14): each key valid for its type (CNPJ alphanumeric included, phone
 * as +55), a change approved by a second admin and told to every admin, one key in force per target and
 * it in every new BR Code (PIX_KEY the fallback), accounts checked, permissions on every call.
 */

let ctx: TestContext;
let keeper: Awaited<ReturnType<typeof newSession>>;
let approver: Awaited<ReturnType<typeof newSession>>;
let treasurer: Awaited<ReturnType<typeof newSession>>;
let auditor: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  ctx = await createTestContext({ PIX_KEY: 'fallback@semear.org' });
  keeper = await newSession(ctx.app, { name: 'Dora Chaves' });
  approver = await newSession(ctx.app, { name: 'Elias Aprova' });
  treasurer = await newSession(ctx.app, { name: 'Fábio Tesouraria' });
  auditor = await newSession(ctx.app, { name: 'Gil Contas' });
  await grantAdmin(ctx, keeper.user.id, ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
  await grantAdmin(ctx, approver.user.id, ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
  await grantAdmin(ctx, treasurer.user.id, ['MANAGE_PIX_ACCOUNTS']);
  await grantAdmin(ctx, auditor.user.id, ['MANAGE_PIX_ACCOUNTS']);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const as = (session: { token: string }) => ({ token: session.token });
const pixBrCodeFor = async (slug: string) => {
  const answer = await give(ctx.app, slug, donationBody({ method: 'pix' }, { address: null }));
  expect(answer.statusCode, answer.body).toBe(201);
  const [payment] = await db().select().from(payments).where(eq(payments.donationId, answer.json().donation.id));
  return payment?.pixBrCode ?? '';
};

describe('PIX keys', () => {
  it('checks each key for its type and keeps it as PIX writes it', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cpf', '529.982.247-24')).toBeNull();
    expect(normalizePixKey('cnpj', '12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey('cnpj', '11.222.333/0001-80')).toBeNull();
    expect(normalizePixKey('email', 'Doacoes@Semear.ORG')).toBe('doacoes@semear.org');
    expect(normalizePixKey('email', 'sem-arroba')).toBeNull();
    expect(normalizePixKey('phone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '+55 11 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '12345')).toBeNull();
    expect(normalizePixKey('evp', '123E4567-E89B-42D3-A456-426614174000')).toBe('123e4567-e89b-42d3-a456-426614174000');
    expect(normalizePixKey('evp', 'not-a-uuid')).toBeNull();
  });

  it("a new campaign key waits for a second admin, then goes into the campaign's BR Codes; every admin is told", async () => {
    const campaign = await createCampaign(db());
    expect(await pixBrCodeFor(campaign.slug)).toContain('fallback@semear.org');
    const asked = await call(
      ctx.app,
      'POST',
      '/api/v1/admin/pix-keys',
      { campaign: campaign.slug, type: 'email', key: 'Horta@Semear.org' },
      as(keeper),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    // Pending: not used yet.
    expect(await pixBrCodeFor(campaign.slug)).toContain('fallback@semear.org');
    // Each admin is told what they may do with it: the one who asked may not decide, the other may.
    const keysSeenBy = async (session: { token: string }) =>
      pixKeySchema.array().parse((await call(ctx.app, 'GET', '/api/v1/admin/pix-keys', undefined, as(session))).json());
    expect((await keysSeenBy(keeper)).find((k) => k.id === id)).toMatchObject({ requested_by_me: true, can_decide: false });
    expect((await keysSeenBy(approver)).find((k) => k.id === id)).toMatchObject({ requested_by_me: false, can_decide: true });
    const own = await call(ctx.app, 'POST', `/api/v1/admin/pix-keys/${id}/approve`, undefined, as(keeper));
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Outra pessoa da equipe precisa aprovar a mudança que você pediu.');
    expect((await call(ctx.app, 'POST', `/api/v1/admin/pix-keys/${id}/approve`, undefined, as(approver))).statusCode).toBe(204);
    expect(await pixBrCodeFor(campaign.slug)).toContain('horta@semear.org');
    const listed = pixKeySchema.array().parse((await call(ctx.app, 'GET', '/api/v1/admin/pix-keys', undefined, as(keeper))).json());
    expect(listed.find((k) => k.id === id)).toMatchObject({
      status: 'active',
      can_decide: false,
      requested_by: 'Dora Chaves',
      decided_by: 'Elias Aprova',
      campaign: { slug: campaign.slug },
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, approver.user.email));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Dora Chaves pediu uma nova chave PIX'),
        expect.stringContaining('foi aprovada por Elias Aprova'),
      ]),
    );

    // A second key for the same campaign replaces the first once approved: one in force.
    const next = (
      await call(
        ctx.app,
        'POST',
        '/api/v1/admin/pix-keys',
        { campaign: campaign.slug, type: 'phone', key: '(81) 98765-4321' },
        as(approver),
      )
    ).json().id;
    expect((await call(ctx.app, 'POST', `/api/v1/admin/pix-keys/${next}/approve`, undefined, as(keeper))).statusCode).toBe(204);
    const active = await db()
      .select()
      .from(pixKeys)
      .where(sql`${pixKeys.campaignId} = ${campaign.id} and ${pixKeys.status} = 'active'`);
    expect(active.map((k) => k.key)).toEqual(['+5581987654321']);
    expect((await call(ctx.app, 'POST', `/api/v1/admin/pix-keys/${next}/reject`, undefined, as(keeper))).statusCode).toBe(409);

    // The general fund's key serves campaigns without their own.
    const other = await createCampaign(db());
    const fund = (
      await call(ctx.app, 'POST', '/api/v1/admin/pix-keys', { campaign: null, type: 'cnpj', key: '12.ABC.345/01DE-35' }, as(keeper))
    ).json().id;
    await call(ctx.app, 'POST', `/api/v1/admin/pix-keys/${fund}/approve`, undefined, as(approver));
    expect(await pixBrCodeFor(other.slug)).toContain('12ABC34501DE35');
  });

  it('two keys for one campaign approved at the same moment: both answers are the same, one key is in force', async () => {
    const campaign = await createCampaign(db());
    const ask = async (key: string) =>
      (await call(ctx.app, 'POST', '/api/v1/admin/pix-keys', { campaign: campaign.slug, type: 'email', key }, as(keeper))).json()
        .id as string;
    const ids = [await ask('um@semear.org'), await ask('dois@semear.org')];
    const answers = await Promise.all(
      ids.map((id) => call(ctx.app, 'POST', `/api/v1/admin/pix-keys/${id}/approve`, undefined, as(approver))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204]);
    const active = await db()
      .select()
      .from(pixKeys)
      .where(sql`${pixKeys.campaignId} = ${campaign.id} and ${pixKeys.status} = 'active'`);
    expect(active).toHaveLength(1);
  });

  it('refuses keys that are not valid for their type, writing nothing', async () => {
    const before = (await db().select().from(pixKeys)).length;
    for (const body of [
      { campaign: null, type: 'cpf', key: '111.111.111-11' },
      { campaign: null, type: 'email', key: 'a@b' },
      { campaign: null, type: 'phone', key: '+1 555 123 4567' },
      { campaign: null, type: 'evp', key: 'x' },
      { campaign: null, type: 'iban', key: 'x' },
      { campaign: null, type: 'email', key: 'a\u0000@b.com' },
    ]) {
      const answer = await call(ctx.app, 'POST', '/api/v1/admin/pix-keys', body, as(keeper));
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const wrong = await call(ctx.app, 'POST', '/api/v1/admin/pix-keys', { campaign: null, type: 'cpf', key: '123' }, as(keeper));
    expect(wrong.json().message).toEqual(['Esta chave não é válida para o tipo escolhido']);
    expect(
      (await call(ctx.app, 'POST', '/api/v1/admin/pix-keys', { campaign: 'nao-existe', type: 'cpf', key: '529.982.247-25' }, as(keeper)))
        .statusCode,
    ).toBe(404);
    expect((await db().select().from(pixKeys)).length).toBe(before);
  });
});

describe('payout accounts', () => {
  const account = {
    bank: '001',
    branch: '1234',
    account: '100008',
    digit: 'x',
    type: 'checking',
    holder_name: 'Associação Raízes',
    holder_document: '11.222.333/0001-81',
  };

  it('asks for an account, approved by another admin; bad accounts are refused', async () => {
    const asked = await call(ctx.app, 'POST', '/api/v1/admin/pix-accounts', account, as(treasurer));
    expect(asked.statusCode, asked.body).toBe(201);
    const accountsSeenBy = async (session: { token: string }) =>
      payoutAccountSchema.array().parse((await call(ctx.app, 'GET', '/api/v1/admin/pix-accounts', undefined, as(session))).json());
    expect((await accountsSeenBy(treasurer))[0]).toMatchObject({ requested_by_me: true, can_decide: false, status: 'pending_approval' });
    expect((await accountsSeenBy(auditor))[0]).toMatchObject({ requested_by_me: false, can_decide: true });
    expect((await call(ctx.app, 'POST', `/api/v1/admin/pix-accounts/${asked.json().id}/approve`, undefined, as(auditor))).statusCode).toBe(
      204,
    );
    const [listed] = payoutAccountSchema
      .array()
      .parse((await call(ctx.app, 'GET', '/api/v1/admin/pix-accounts', undefined, as(treasurer))).json());
    expect(listed).toMatchObject({
      bank_name: 'Banco do Brasil',
      digit: 'X',
      status: 'active',
      holder_document: '11222333000181',
      can_decide: false,
    });
    const cases: Array<[Record<string, string>, string]> = [
      [{ bank: '999' }, 'Escolha um banco da lista'],
      [{ branch: '12' }, 'A agência tem 4 dígitos'],
      [{ account: '12a' }, 'Informe o número da conta, só com dígitos'],
      [{ digit: 'Y' }, 'O dígito da conta é um número ou X'],
      // Banco do Brasil's modulo 11 gives X for this account.
      [{ digit: '1' }, 'O dígito não confere com a agência e a conta neste banco'],
      [{ holder_document: '123' }, 'Informe um CPF ou CNPJ válido do titular'],
    ];
    for (const [change, message] of cases) {
      const answer = await call(ctx.app, 'POST', '/api/v1/admin/pix-accounts', { ...account, ...change }, as(treasurer));
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'payout_account.approved'))).toHaveLength(1);
  });

  it('two accounts approved at the same moment: both answers are the same, one account is in force', async () => {
    const ask = async (number: string, digit: string) =>
      (await call(ctx.app, 'POST', '/api/v1/admin/pix-accounts', { ...account, bank: '260', account: number, digit }, as(treasurer))).json()
        .id as string;
    const ids = [await ask('12345', '0'), await ask('54321', '0')];
    const answers = await Promise.all(
      ids.map((id) => call(ctx.app, 'POST', `/api/v1/admin/pix-accounts/${id}/approve`, undefined, as(auditor))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204]);
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.status, 'active'))).toHaveLength(1);
  });

  it('keys need MANAGE_FINANCES and MANAGE_CAMPAIGNS, accounts MANAGE_PIX_ACCOUNTS', async () => {
    const id = '0b7f1c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e';
    const keyCalls: Array<[string, string, unknown]> = [
      ['GET', '/api/v1/admin/pix-keys', undefined],
      ['POST', '/api/v1/admin/pix-keys', { campaign: null, type: 'cpf', key: '529.982.247-25' }],
      ['POST', `/api/v1/admin/pix-keys/${id}/approve`, undefined],
      ['POST', `/api/v1/admin/pix-keys/${id}/reject`, undefined],
    ];
    const accountCalls: Array<[string, string, unknown]> = [
      ['GET', '/api/v1/admin/pix-accounts', undefined],
      ['POST', '/api/v1/admin/pix-accounts', account],
      ['POST', `/api/v1/admin/pix-accounts/${id}/approve`, undefined],
      ['POST', `/api/v1/admin/pix-accounts/${id}/reject`, undefined],
    ];
    const before = (await db().select().from(pixKeys)).length;
    for (const [method, url, body] of keyCalls) {
      expect((await call(ctx.app, method as 'GET', url, body)).statusCode, url).toBe(401);
      expect((await call(ctx.app, method as 'GET', url, body, as(treasurer))).statusCode, url).toBe(403);
    }
    for (const [method, url, body] of accountCalls)
      expect((await call(ctx.app, method as 'GET', url, body, as(keeper))).statusCode, url).toBe(403);
    expect((await db().select().from(pixKeys)).length).toBe(before);
  });
});
