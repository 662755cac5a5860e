import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataRequestSchema,
  organisationProfileSchema,
  organisationPublicSchema,
  type OrganisationProfileInput,
} from '../../contracts/organisation';
import { auditLog, dataRequests, organisationProfile, users } from '../../server/db/schema';
import { mayIssueDeductionDeclarations, readOrganisationProfile } from '../../server/services/organisation/organisation-profile';
import { signUpSchema } from '../../contracts/user';
import { insertUser } from '../../server/users/users-repository';
import { grantAdmin, newSession, newUserInput } from './helpers/fixtures';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * The organisation's legal data and the DPO's list (issue 50, items 1 and 6; docs/privacy.md): saved with its audit
 * entry, the alphanumeric CNPJ taken and a wrong check digit refused with nothing written, the public part on the
 * privacy policy, and the LGPD requests listed for MANAGE_USERS only, each reading recorded.
 */

let ctx: TestContext;
let teamAdmin: Awaited<ReturnType<typeof newSession>>;
let usersAdmin: Awaited<ReturnType<typeof newSession>>;
let donor: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  ctx = await createTestContext();
  [teamAdmin, usersAdmin, donor] = [await newSession(ctx.app), await newSession(ctx.app), await newSession(ctx.app)];
  await grantAdmin(ctx, teamAdmin.user.id, ['MANAGE_TEAM']);
  await grantAdmin(ctx, usersAdmin.user.id, ['MANAGE_USERS']);
});
afterAll(() => ctx.close());

const valid: OrganisationProfileInput = {
  legal_name: 'Instituto Raízes do Cerrado',
  // The Receita's own example of an alphanumeric CNPJ, typed with its mask and in lower case.
  cnpj: '12.abc.345/01de-35',
  address: {
    country: 'Brasil',
    zip_code: '70040-010',
    state: 'DF',
    city: 'Brasília',
    neighborhood: 'Asa Norte',
    street_address: 'SBN Quadra 2',
    complement: 'Bloco A',
    house_number: '10',
  },
  representative_name: 'Joana Prado',
  representative_role: 'Diretora executiva',
  deduction_title: 'public_utility',
  deduction_title_number: 'UPF 1.234/2010',
  deduction_title_date: '2010-03-22',
  dpo_contact: 'Encarregado: Caio Nunes\ndpo@raizes.org.br',
};

const put = (body: unknown, token = teamAdmin.token, locale = 'pt') =>
  call(ctx.app, 'PUT', '/api/v1/admin/organization', body, { token, locale });
const auditCount = async (action: string) =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]?.n ?? 0;
const profileRows = async () => ctx.database.db.select().from(organisationProfile);

describe('the organisation profile', () => {
  it('reads as empty before anything is saved, and may not issue declarations then', async () => {
    const profile = await readOrganisationProfile(ctx.database.db);
    expect(profile).toMatchObject({ legalName: '', cnpj: '', deductionTitle: 'none', updatedAt: null });
    expect(mayIssueDeductionDeclarations(profile)).toBe(false);
    const answer = await call(ctx.app, 'GET', '/api/v1/admin/organization', undefined, { token: teamAdmin.token });
    expect(answer.statusCode).toBe(200);
    expect(organisationProfileSchema.parse(answer.json())).toMatchObject({ legal_name: '', may_issue_deduction_declarations: false });
  });

  it('refuses a CNPJ with a wrong check digit, translated, and writes nothing', async () => {
    const answer = await put({ ...valid, cnpj: '12.ABC.345/01DE-36' }, teamAdmin.token, 'en');
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json().message)).toContain('Invalid CNPJ');
    expect(await profileRows()).toEqual([]);
    expect(await auditCount('organisation.updated')).toBe(0);
  });

  it('refuses a deduction title without its number and date, and an incomplete address, naming each', async () => {
    const answer = await put(
      {
        ...valid,
        deduction_title: 'oscip',
        deduction_title_number: ' ',
        deduction_title_date: null,
        address: { ...valid.address, city: '' },
      },
      teamAdmin.token,
      'pt',
    );
    expect(answer.statusCode).toBe(400);
    const said = JSON.stringify(answer.json().message);
    expect(said).toContain('Informe o número do título');
    expect(said).toContain('Informe a data do título');
    expect(said).toContain('Campo obrigatório');
    const future = await put({ ...valid, deduction_title_date: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json().message)).toContain('Data inválida');
    expect(await profileRows()).toEqual([]);
  });

  it('saves the alphanumeric CNPJ without its mask, with the audit entry before and after', async () => {
    const answer = await put(valid);
    expect(answer.statusCode, answer.body).toBe(200);
    const saved = organisationProfileSchema.parse(answer.json());
    expect(saved).toMatchObject({
      legal_name: 'Instituto Raízes do Cerrado',
      cnpj: '12ABC34501DE35',
      address: { zip_code: '70040010', city: 'Brasília' },
      deduction_title: 'public_utility',
      may_issue_deduction_declarations: true,
    });
    expect(saved.updated_at).toBe(ctx.clock.now().toISOString());
    const profile = await readOrganisationProfile(ctx.database.db);
    expect(profile).toMatchObject({ cnpj: '12ABC34501DE35', representativeName: 'Joana Prado', updatedBy: teamAdmin.user.id });
    expect(mayIssueDeductionDeclarations(profile)).toBe(true);

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.updated'), eq(auditLog.subjectType, 'organisation')));
    expect(entry).toMatchObject({ actorUserId: teamAdmin.user.id, subjectId: '1' });
    expect(entry?.before).toMatchObject({ legal_name: '', cnpj: '' });
    expect(entry?.after).toMatchObject({ legal_name: 'Instituto Raízes do Cerrado', cnpj: '12ABC34501DE35' });
  });

  it('clears the title number and date when the title goes back to none, and may not issue declarations then', async () => {
    const answer = await put({ ...valid, deduction_title: 'none', cnpj: '11.222.333/0001-81' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      cnpj: '11222333000181',
      deduction_title: 'none',
      deduction_title_number: '',
      deduction_title_date: null,
      may_issue_deduction_declarations: false,
    });
    const [last] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'organisation.updated'))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(last?.before).toMatchObject({ cnpj: '12ABC34501DE35', deduction_title: 'public_utility' });
    expect(last?.after).toMatchObject({ cnpj: '11222333000181', deduction_title: 'none' });
    expect(await profileRows()).toHaveLength(1);
    // The team's history names the change and the NGO, never the row's id.
    const log = await call(ctx.app, 'GET', '/api/v1/admin/audit-log?action=organisation.updated', undefined, { token: teamAdmin.token });
    expect(log.json()[0]).toMatchObject({ subject_type: 'organisation', subject_name: 'Instituto Raízes do Cerrado' });
  });

  it('shows the controller and its DPO to anyone, and nothing else of the record', async () => {
    const answer = await call(ctx.app, 'GET', '/api/v1/organization');
    expect(answer.statusCode).toBe(200);
    expect(organisationPublicSchema.strict().parse(answer.json())).toEqual({
      legal_name: 'Instituto Raízes do Cerrado',
      cnpj: '11222333000181',
      dpo_contact: 'Encarregado: Caio Nunes\ndpo@raizes.org.br',
    });
  });

  it('is only for MANAGE_TEAM: others get 403, visitors 401, and nothing changes', async () => {
    const before = await profileRows();
    for (const token of [usersAdmin.token, donor.token]) {
      expect((await call(ctx.app, 'GET', '/api/v1/admin/organization', undefined, { token })).statusCode).toBe(403);
      expect((await put({ ...valid, legal_name: 'Outra' }, token)).statusCode).toBe(403);
    }
    expect((await call(ctx.app, 'PUT', '/api/v1/admin/organization', valid)).statusCode).toBe(401);
    expect(await profileRows()).toEqual(before);
  });
});

describe("the DPO's list of data requests", () => {
  it('lists requests newest first with the requester as the DPO may see them, paginated, and records each reading', async () => {
    const db = ctx.database.db;
    // An account the deletion anonymised (written straight in: a sign-up's password hashing costs seconds).
    const removed = await insertUser(
      db,
      { ...signUpSchema.parse(newUserInput()), passwordHash: 'unused', roles: [], permissions: [] },
      ctx.clock.now(),
    );
    await db
      .update(users)
      .set({ deletedAt: ctx.clock.now(), email: `removido-${removed.id}@invalid` })
      .where(eq(users.id, removed.id));
    const at = (minutes: number) => new Date(ctx.clock.now().getTime() - minutes * 60_000);
    await db.insert(dataRequests).values([
      { kind: 'export', userId: donor.user.id, status: 'ready', requestedAt: at(30), expiresAt: at(-7 * 24 * 60) },
      { kind: 'deletion', userId: removed.id, status: 'completed', requestedAt: at(20), completedAt: at(19), outcome: { users: 1 } },
      { kind: 'deletion', guestEmailHash: 'hash', status: 'awaiting_confirmation', requestedAt: at(10) },
    ]);
    const viewedBefore = await auditCount('privacy.requests_viewed');

    const first = await call(ctx.app, 'GET', '/api/v1/admin/data-requests?amount=2', undefined, { token: usersAdmin.token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    const page = dataRequestSchema.array().parse(first.json());
    expect(page.map((r) => [r.kind, r.requester.type, r.status])).toEqual([
      ['deletion', 'guest', 'awaiting_confirmation'],
      ['deletion', 'removed', 'completed'],
    ]);
    expect(page[1]?.requester.email).toBeNull();
    expect(page[1]?.outcome).toEqual({ users: 1 });

    const second = await call(ctx.app, 'GET', '/api/v1/admin/data-requests?amount=2&page=1', undefined, { token: usersAdmin.token });
    expect(dataRequestSchema.array().parse(second.json())).toMatchObject([
      { kind: 'export', requester: { type: 'account', email: donor.input.email }, status: 'ready' },
    ]);
    const exports = await call(ctx.app, 'GET', '/api/v1/admin/data-requests?kind=export', undefined, { token: usersAdmin.token });
    expect(exports.headers['x-total-count']).toBe('1');

    expect(await auditCount('privacy.requests_viewed')).toBe(viewedBefore + 3);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'privacy.requests_viewed'))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    expect(entry).toMatchObject({ actorUserId: usersAdmin.user.id, subjectType: 'data_requests', subjectId: 'export' });
  });

  it('refuses a bad query (400, translated) and other people (403/401), recording no reading', async () => {
    const viewedBefore = await auditCount('privacy.requests_viewed');
    const bad = await call(ctx.app, 'GET', '/api/v1/admin/data-requests?kind=everything', undefined, {
      token: usersAdmin.token,
      locale: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect((await call(ctx.app, 'GET', '/api/v1/admin/data-requests', undefined, { token: teamAdmin.token })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/data-requests', undefined, { token: donor.token })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/v1/admin/data-requests')).statusCode).toBe(401);
    expect(await auditCount('privacy.requests_viewed')).toBe(viewedBefore);
  });
});
