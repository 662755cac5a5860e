import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamSchema } from '../../contracts/admin-team';
import { STEP_UP_WINDOW_S } from '../../contracts/constants';
import type { Permission } from '../../contracts/permissions';
import { markSecondFactor } from '../../server/auth/session-records';
import { categories, totpFactors, webhookEndpoints } from '../../server/db/schema';
import { grantAdmin, newSession } from './helpers/fixtures';
import { cardDonation, createCampaign, newKey } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Accounts that move money (issue 49 items 3 and 4, docs/security.md): with ADMIN_SECOND_FACTOR=required a
 * member holding a money permission writes nothing in the admin until enrolled (reads stay open), and the
 * money actions ask for a second factor proved in the last 5 minutes. The factor is enrolled straight in
 * the database here: enrolment itself has its own tests (second-factor API).
 */
let ctx: TestContext;
/** The same database with ADMIN_SECOND_FACTOR=optional: only enrolled accounts are asked to step up. */
let optional: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_SECOND_FACTOR: 'required', REFUND_APPROVAL_ABOVE: '5000' });
  optional = await ctx.buildAnotherApp({ ADMIN_SECOND_FACTOR: 'optional', REFUND_APPROVAL_ABOVE: '5000' });
});
afterAll(() => ctx.close());

const WEBHOOKS: Permission[] = ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'];

async function member(permissions: readonly Permission[]) {
  const session = await newSession(ctx.app);
  await grantAdmin(ctx, session.user.id, permissions);
  return session;
}

/** A confirmed authenticator app, as H-FACTORS' confirmation leaves it (server/db/schema/second-factors.ts). */
const enrol = (userId: string) =>
  ctx.database.db.insert(totpFactors).values({ userId, secretCiphertext: 'not-read-here', createdAt: new Date(), confirmedAt: new Date() });

/** What a step-up (POST /sessions/step-up) records: this session proved a second factor now. */
async function stepUp(session: { token: string }) {
  const sessions = await call(ctx.app, 'GET', '/api/v1/users/profile/sessions', undefined, { token: session.token });
  const current = (sessions.json() as Array<{ id: string; current: boolean }>).find((s) => s.current)!;
  await markSecondFactor(ctx.database.db, current.id, ctx.clock.now());
}

const webhook = { url: 'https://ong.example.org/semear', events: ['donation.confirmed'] };
const createWebhook = (token: string, app = ctx.app, locale = 'pt') =>
  call(app, 'POST', '/api/v1/admin/webhooks', webhook, { token, locale });
const webhookCount = async () => (await ctx.database.db.select().from(webhookEndpoints)).length;

describe('ADMIN_SECOND_FACTOR=required', () => {
  it('refuses every admin write of a money member without a factor (403, nothing written); reads still work', async () => {
    const admin = await member([...WEBHOOKS]);
    const before = await webhookCount();
    const refused = await createWebhook(admin.token, ctx.app, 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'auth.second_factor_enrolment_required',
      message:
        'To handle money or the team, first turn on a second verification step (an authenticator app or a passkey) on the Security page of your profile.',
    });
    expect(await webhookCount()).toBe(before);

    // Not only money writes: a category too, so nothing in the admin moves until the member enrols.
    const category = await call(ctx.app, 'POST', '/api/v1/admin/categories', { name: 'Sem segundo fator' }, { token: admin.token });
    expect(category.statusCode).toBe(403);
    expect(category.json().code).toBe('auth.second_factor_enrolment_required');
    expect(await ctx.database.db.select().from(categories).where(eq(categories.name, 'Sem segundo fator'))).toHaveLength(0);

    for (const path of ['/api/v1/admin/webhooks', '/api/v1/admin/donations', '/api/v1/admin/categories'])
      expect((await call(ctx.app, 'GET', path, undefined, { token: admin.token })).statusCode, path).toBe(200);
  });

  it('leaves a member without a money permission alone', async () => {
    const editor = await member(['MANAGE_CAMPAIGNS']);
    const category = await call(ctx.app, 'POST', '/api/v1/admin/categories', { name: 'Só campanhas' }, { token: editor.token });
    expect(category.statusCode, category.body).toBe(201);
  });

  it('once enrolled, writes go through; money actions then ask for a fresh second factor', async () => {
    const admin = await member([...WEBHOOKS]);
    await enrol(admin.user.id);
    const category = await call(ctx.app, 'POST', '/api/v1/admin/categories', { name: 'Com segundo fator' }, { token: admin.token });
    expect(category.statusCode, category.body).toBe(201);

    const before = await webhookCount();
    const asked = await createWebhook(admin.token);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({
      code: 'auth.step_up_required',
      message: 'Confirme que é você: digite o código do seu aplicativo autenticador ou use sua chave de acesso.',
    });
    expect(await webhookCount()).toBe(before);

    await stepUp(admin);
    expect((await createWebhook(admin.token)).statusCode).toBe(201);
    // The proof holds STEP_UP_WINDOW_S, for this session only.
    ctx.clock.advance(STEP_UP_WINDOW_S * 1000 - 1000);
    expect((await createWebhook(admin.token)).statusCode).toBe(201);
    ctx.clock.advance(2000);
    expect((await createWebhook(admin.token)).json().code).toBe('auth.step_up_required');
  });

  it('a team grant of a money permission to someone without a factor says they must enrol first', async () => {
    const manager = await member(['MANAGE_TEAM', 'MANAGE_FINANCES']);
    await enrol(manager.user.id);
    const treasurer = await member([]);
    const grant = () =>
      call(
        ctx.app,
        'PATCH',
        `/api/v1/admin/team/members/${treasurer.user.id}`,
        { permissions: ['MANAGE_FINANCES'] },
        { token: manager.token },
      );

    expect((await grant()).json().code).toBe('auth.step_up_required');
    await stepUp(manager);
    const granted = await grant();
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({ must_enrol_second_factor: true });
    const team = teamSchema.parse((await call(ctx.app, 'GET', '/api/v1/admin/team', undefined, { token: manager.token })).json());
    expect(team.members.find((m) => m.id === treasurer.user.id)).toMatchObject({ second_factor: false, must_enrol_second_factor: true });
    expect(team.members.find((m) => m.id === manager.user.id)).toMatchObject({ second_factor: true, must_enrol_second_factor: false });

    // Taking permissions away needs no step-up, and nothing is left to enrol for.
    ctx.clock.advance(STEP_UP_WINDOW_S * 1000 + 1000);
    const withdrawn = await call(
      ctx.app,
      'PATCH',
      `/api/v1/admin/team/members/${treasurer.user.id}`,
      { permissions: [] },
      { token: manager.token },
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);

    const invited = await call(
      ctx.app,
      'POST',
      '/api/v1/admin/team/invitations',
      { email: 'tesouraria@exemplo.com.br', permissions: ['MANAGE_TEAM'] },
      { token: manager.token },
    );
    expect(invited.json().code).toBe('auth.step_up_required');
    await stepUp(manager);
    const again = await call(
      ctx.app,
      'POST',
      '/api/v1/admin/team/invitations',
      { email: 'tesouraria@exemplo.com.br', permissions: ['MANAGE_TEAM'] },
      { token: manager.token },
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().must_enrol_second_factor).toBe(true);
  });
});

describe('step-up with ADMIN_SECOND_FACTOR=optional', () => {
  it('asks nothing of an account without a factor', async () => {
    const admin = await member([...WEBHOOKS]);
    expect((await createWebhook(admin.token, optional)).statusCode).toBe(201);
  });

  it('PIX keys and payout accounts: asking and approving need a fresh factor, rejecting does not', async () => {
    const keeper = await member(['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS']);
    const approver = await member(['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS']);
    await enrol(keeper.user.id);
    await enrol(approver.user.id);
    const key = { campaign: null, type: 'email', key: 'financeiro@ong.example.org' };
    const account = {
      bank: '001',
      branch: '1234',
      account: '100008',
      digit: 'x',
      type: 'checking',
      holder_name: 'Associação Raízes',
      holder_document: '11.222.333/0001-81',
    };
    for (const [path, body] of [
      ['/api/v1/admin/pix-keys', key],
      ['/api/v1/admin/pix-accounts', account],
    ] as const) {
      expect((await call(optional, 'POST', path, body, { token: keeper.token })).json().code, path).toBe('auth.step_up_required');
    }
    await stepUp(keeper);
    const asked = await call(optional, 'POST', '/api/v1/admin/pix-keys', key, { token: keeper.token });
    expect(asked.statusCode, asked.body).toBe(201);
    const askedAccount = await call(optional, 'POST', '/api/v1/admin/pix-accounts', account, { token: keeper.token });
    expect(askedAccount.statusCode, askedAccount.body).toBe(201);

    const approveKey = () =>
      call(optional, 'POST', `/api/v1/admin/pix-keys/${asked.json().id}/approve`, undefined, { token: approver.token });
    expect((await approveKey()).json().code).toBe('auth.step_up_required');
    const rejected = await call(optional, 'POST', `/api/v1/admin/pix-accounts/${askedAccount.json().id}/reject`, undefined, {
      token: approver.token,
    });
    expect(rejected.statusCode, rejected.body).toBe(204);
    await stepUp(approver);
    expect((await approveKey()).statusCode).toBe(204);
  });

  it('a refund above the approval threshold and its approval need a fresh factor; a small refund does not', async () => {
    const asker = await member([...WEBHOOKS]);
    const approver = await member([...WEBHOOKS]);
    await enrol(asker.user.id);
    await enrol(approver.user.id);
    const campaign = await createCampaign(ctx.database.db);
    const donation = await cardDonation(optional, campaign, 10_000);
    const refund = (amount: number) =>
      call(
        optional,
        'POST',
        `/api/v1/admin/donations/${donation}/refunds`,
        { amount, reason: 'Pedido do doador' },
        {
          token: asker.token,
          headers: { 'idempotency-key': newKey() },
        },
      );

    const small = await refund(1_000);
    expect(small.statusCode, small.body).toBe(201);
    // R$ 10,00 already refunded: R$ 45,00 more passes the R$ 50,00 threshold and would wait for a second admin.
    const large = await refund(4_500);
    expect(large.statusCode).toBe(403);
    expect(large.json().code).toBe('auth.step_up_required');
    await stepUp(asker);
    const waiting = await refund(4_500);
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json().status).toBe('awaiting_approval');

    const approve = () =>
      call(optional, 'POST', `/api/v1/admin/refunds/${waiting.json().id}/approve`, undefined, { token: approver.token });
    expect((await approve()).json().code).toBe('auth.step_up_required');
    await stepUp(approver);
    expect((await approve()).statusCode).toBe(200);
  });

  it('a team approval needs a fresh factor', async () => {
    const manager = await member(['MANAGE_TEAM', 'MANAGE_PIX_ACCOUNTS']);
    const second = await member(['MANAGE_TEAM', 'MANAGE_PIX_ACCOUNTS']);
    const grantee = await member([]);
    await enrol(second.user.id);
    // Giving MANAGE_PIX_ACCOUNTS completes an approving set: it waits for a second admin.
    const asked = await call(
      optional,
      'PATCH',
      `/api/v1/admin/team/members/${grantee.user.id}`,
      { permissions: ['MANAGE_PIX_ACCOUNTS'] },
      {
        token: manager.token,
      },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const approve = () =>
      call(optional, 'POST', `/api/v1/admin/team/changes/${asked.json().change}/approve`, undefined, { token: second.token });
    expect((await approve()).json().code).toBe('auth.step_up_required');
    await stepUp(second);
    expect((await approve()).statusCode).toBe(204);
  });

  it('checks permissions before the step-up: a donor is refused with 403 forbidden', async () => {
    const donor = await newSession(ctx.app);
    await enrol(donor.user.id);
    const answer = await createWebhook(donor.token, optional);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('forbidden');
  });
});
