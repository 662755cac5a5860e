import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDonationDetailSchema, adminDonationRowSchema, adminRefundSchema } from '../../contracts/admin-donations';
import { auditLog, ledgerEntries, payments, refunds, walletLots } from '../../server/db/schema';
import { refundDonation } from '../../server/services/donations/gateway-events';
import { accountBalance, creditWallet, walletBalance } from '../../server/services/ledger';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { grantAdmin, newSession } from './helpers/fixtures';
import {
  campaignRaised,
  cardDonation as giveByCard,
  createCampaign,
  donationBody,
  give,
  newKey,
  outboxTo,
  personContact,
  sandboxCardToken,
} from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Donations and refunds for the admins (issue 14): the list's filters, one donation's history, refunds
 * full and partial through the gateway and the ledger, never more than captured (20 at once), the second
 * admin's approval above the threshold, credit returned to a wallet, and the permissions on every call.
 */

const PERMS = ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'] as const;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof newSession>>;
let second: Awaited<ReturnType<typeof newSession>>;
beforeAll(async () => {
  ctx = await createTestContext({ REFUND_APPROVAL_ABOVE: '100000' });
  admin = await newSession(ctx.app, { name: 'Beatriz Finanças' });
  second = await newSession(ctx.app, { name: 'Carlos Aprovador' });
  await grantAdmin(ctx, admin.user.id, PERMS);
  await grantAdmin(ctx, second.user.id, PERMS);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const as = (token = admin.token, key: string | null = newKey()): { token: string; headers: Record<string, string> } => ({
  token,
  headers: key ? { 'idempotency-key': key } : {},
});

const cardDonation = (
  campaign: { slug: string },
  amount: number,
  contact: Partial<typeof personContact> = {},
  card: { number: string; cvv: string } = SANDBOX_TEST_CARDS.visaApproved,
) => giveByCard(ctx.app, campaign, amount, contact, card);
const refund = (id: string, amount: number, options = as()) =>
  call(ctx.app, 'POST', `/api/v1/admin/donations/${id}/refunds`, { amount, reason: 'Doação em duplicidade' }, options);
const detail = async (id: string, token = admin.token) =>
  adminDonationDetailSchema.parse((await call(ctx.app, 'GET', `/api/v1/admin/donations/${id}`, undefined, as(token))).json());

describe('the list and the detail', () => {
  it('filters by campaign, method, status, period, amount and donor (name, e-mail, CPF)', async () => {
    const campaign = await createCampaign(db());
    const other = await createCampaign(db());
    const mine = await cardDonation(campaign, 12_345, { name: 'Joana Prado', cpf: '111.444.777-35' });
    await cardDonation(other, 5000);
    const list = async (query: string) => {
      const answer = await call(ctx.app, 'GET', `/api/v1/admin/donations${query}`, undefined, as());
      expect(answer.statusCode, answer.body).toBe(200);
      return adminDonationRowSchema.array().parse(answer.json());
    };
    expect((await list(`?campaign=${campaign.slug}`)).map((r) => r.id)).toEqual([mine]);
    expect((await list(`?campaign=${campaign.slug}&method=pix`)).map((r) => r.id)).toEqual([]);
    expect((await list(`?campaign=${campaign.slug}&status=confirmed&method=card`)).map((r) => r.id)).toEqual([mine]);
    expect((await list('?q=Joana%20Prado')).map((r) => r.id)).toContain(mine);
    expect((await list('?q=11144477735')).map((r) => r.id)).toEqual([mine]);
    expect((await list('?min=12345&max=12345')).map((r) => r.id)).toContain(mine);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ctx.clock.now());
    expect((await list(`?from=${today}&to=${today}&campaign=${campaign.slug}`)).map((r) => r.id)).toEqual([mine]);
    expect(await list(`?from=2020-01-01&to=2020-01-02&campaign=${campaign.slug}`)).toEqual([]);
    for (const bad of ['?method=cheque', '?from=ontem', '?min=-1', '?amount=500', '?q=a%00b']) {
      expect((await call(ctx.app, 'GET', `/api/v1/admin/donations${bad}`, undefined, as())).statusCode, bad).toBe(400);
    }

    const csv = await call(ctx.app, 'GET', `/api/v1/admin/donations/export.csv?campaign=${campaign.slug}&page=3`, undefined, as());
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]?.startsWith('Doação;Data;')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual([mine]);
    expect(lines[1]).toContain(';123,45;0,00');
    // People read words and São Paulo time; the codes keep columns of their own.
    expect(lines[0]).toBe(
      'Doação;Data;Confirmada;Situação;Situação (código);Meio;Meio (código);Campanha;Doador;E-mail;Documento;Valor;Reembolsado',
    );
    const cells = lines[1]!.split(';');
    expect(cells.slice(3, 7)).toEqual(['Confirmada', 'confirmed', 'Cartão', 'card']);
    // São Paulo is three hours behind UTC all year (no summer time since 2019).
    const [day, time] = new Date(Date.parse((await detail(mine)).created_at) - 3 * 3_600_000).toISOString().split('T') as [string, string];
    expect(cells[1]).toBe(`${day.split('-').reverse().join('/')} ${time.slice(0, 8)}`);
    const english = await call(ctx.app, 'GET', `/api/v1/admin/donations/export.csv?campaign=${campaign.slug}`, undefined, {
      ...as(),
      locale: 'en',
    });
    const englishLines = english.body.slice(1).trim().split('\r\n');
    expect(englishLines[0]).toBe(
      'Donation;Date;Confirmed;Status;Status (code);Method;Method (code);Campaign;Donor;E-mail;Document;Amount;Refunded',
    );
    expect(englishLines[1]!.split(';').slice(3, 7)).toEqual(['Confirmed', 'confirmed', 'Card', 'card']);
    // A title a spreadsheet would run: prefixed, nothing cut.
    const risky = await createCampaign(db(), { title: '-2+3 @campanha' });
    await cardDonation(risky, 1000);
    expect((await call(ctx.app, 'GET', `/api/v1/admin/donations/export.csv?campaign=${risky.slug}`, undefined, as())).body).toContain(
      ";'-2+3 @campanha;",
    );

    const shown = await detail(mine);
    expect(shown).toMatchObject({
      amount: 12_345,
      refundable: 12_345,
      donor: { name: 'Joana Prado', document: '11144477735' },
      payment: { gateway: 'sandbox', status: 'succeeded' },
    });
    expect(shown.ledger[0]).toMatchObject({ reference: `donation:${mine}`, kind: 'donation' });
    expect(shown.ledger[0]?.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    expect(shown.emails.map((e) => e.subject)).toContain('Recibo da sua doação de R$ 123,45');
  });
});

describe('refunds', () => {
  it("a gateway's payment.refunded arriving before a crashed refund's books moves nothing twice", async () => {
    const campaign = await createCampaign(db());
    const id = await cardDonation(campaign, 10_000);
    const key = newKey();
    // A crash left this refund processing; the gateway had already refunded the whole payment.
    const [left] = await db()
      .insert(refunds)
      .values({
        donationId: id,
        amountCents: 10_000,
        reason: 'Duplicada',
        status: 'processing',
        idempotencyKey: key,
        requestedBy: admin.user.id,
      })
      .returning();
    const [payment] = await db().select().from(payments).where(eq(payments.donationId, id));
    expect(await db().transaction((tx) => refundDonation(tx, payment!, ctx.clock.now()))).toBe(true);
    expect(await campaignRaised(db(), campaign.id)).toBe(10_000);
    // The refund's own retry writes its books: the campaign gives the money back once.
    const retried = await refund(id, 10_000, as(admin.token, key));
    expect(retried.json()).toMatchObject({ id: left!.id, status: 'succeeded' });
    expect(await campaignRaised(db(), campaign.id)).toBe(0);
    expect(await detail(id)).toMatchObject({ status: 'refunded', refunded: 10_000, refundable: 0 });
  });

  it("shows in the signed-in donor's contributions: part given back while paid, all of it refunded", async () => {
    const campaign = await createCampaign(db());
    const donor = await newSession(ctx.app);
    const body = donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false }, { amount: 5000 });
    const given = await give(ctx.app, campaign.slug, body, { token: donor.token });
    expect(given.statusCode, given.body).toBe(201);
    const id = given.json().donation.id as string;
    const mine = async () =>
      ((await call(ctx.app, 'GET', '/api/v1/contributions', undefined, { token: donor.token })).json() as Array<{ id: string }>).find(
        (c) => c.id === id,
      );
    expect(await mine()).toMatchObject({ status: 'paid', amount: 5000, refunded: 0 });
    expect((await refund(id, 2000)).statusCode).toBe(201);
    expect(await mine()).toMatchObject({ status: 'paid', amount: 5000, refunded: 2000 });
    expect((await refund(id, 3000)).statusCode).toBe(201);
    expect(await mine()).toMatchObject({ status: 'refunded', refunded: 5000 });
  });

  it('refunds part, then the rest, through the gateway and the ledger; the donor is told; never more than captured', async () => {
    const campaign = await createCampaign(db());
    const id = await cardDonation(campaign, 10_000);
    const key = newKey();
    const first = await refund(id, 3000, as(admin.token, key));
    expect(first.statusCode, first.body).toBe(201);
    expect(adminRefundSchema.parse(first.json())).toMatchObject({ amount: 3000, status: 'succeeded' });
    // The same key answers the same refund.
    const again = await refund(id, 3000, as(admin.token, key));
    expect(again.json().id).toBe(first.json().id);
    expect(await campaignRaised(db(), campaign.id)).toBe(7000);
    const after = await detail(id);
    expect(after).toMatchObject({ status: 'confirmed', refunded: 3000, refundable: 7000 });
    expect(
      after.ledger
        .find((g) => g.reference === `refund:${first.json().id}`)
        ?.lines.map((l) => l.amount)
        .sort((a, b) => a - b),
    ).toEqual([-3000, 3000]);
    const mails = await outboxTo(db(), after.donor.email);
    expect(mails.map((m) => m.subject)).toContain('Reembolso de R$ 30,00 da sua doação');

    const tooMuch = await refund(id, 7001);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('O valor passa do que ainda pode ser reembolsado desta doação.');
    expect((await refund(id, 7000)).json()).toMatchObject({ status: 'succeeded' });
    const done = await detail(id);
    expect(done).toMatchObject({ status: 'refunded', refunded: 10_000, refundable: 0 });
    expect(await campaignRaised(db(), campaign.id)).toBe(0);
    expect((await refund(id, 1)).statusCode).toBe(409);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'refund.requested')));
    expect(audit).toHaveLength(2);
  });

  it('20 concurrent refunds of R$ 10,00 on a R$ 100,00 donation: ten go through, the rest are refused, the books balance', async () => {
    const campaign = await createCampaign(db());
    const id = await cardDonation(campaign, 10_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(id, 1000)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    // The rest are refused: more than is left (422), or nothing left once it is all refunded (409).
    expect(answers.filter((a) => a.statusCode !== 201).every((a) => a.statusCode === 422 || a.statusCode === 409)).toBe(true);
    const [sum] = await db()
      .select({ n: sql<string>`sum(${refunds.amountCents})` })
      .from(refunds)
      .where(and(eq(refunds.donationId, id), eq(refunds.status, 'succeeded')));
    expect(Number(sum?.n)).toBe(10_000);
    expect(await campaignRaised(db(), campaign.id)).toBe(0);
    const [total] = await db()
      .select({ n: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries);
    expect(Number(total?.n)).toBe(0);
  });

  it('above the threshold waits for a second admin, who approves or rejects; the one who asked cannot', async () => {
    const campaign = await createCampaign(db());
    const id = await cardDonation(campaign, 300_000);
    expect(await detail(id)).toMatchObject({ approval_threshold: 100_000, approval_needed_above: 100_000 });
    const waiting = adminRefundSchema.parse((await refund(id, 150_000)).json());
    // The one who asked reads that it is theirs and is not theirs to decide; the other admin may decide it.
    expect(waiting).toMatchObject({
      status: 'awaiting_approval',
      requested_by: 'Beatriz Finanças',
      requested_by_me: true,
      can_decide: false,
    });
    expect((await detail(id, second.token)).refunds).toEqual([
      expect.objectContaining({ id: waiting.id, requested_by: 'Beatriz Finanças', requested_by_me: false, can_decide: true }),
    ]);
    expect(await campaignRaised(db(), campaign.id)).toBe(300_000);
    // Held: only the rest can be asked for meanwhile.
    expect((await refund(id, 150_001)).statusCode).toBe(422);
    const own = await call(ctx.app, 'POST', `/api/v1/admin/refunds/${waiting.id}/approve`, undefined, as());
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Outra pessoa da equipe precisa aprovar o reembolso que você pediu.');
    const approved = await call(ctx.app, 'POST', `/api/v1/admin/refunds/${waiting.id}/approve`, undefined, as(second.token));
    expect(approved.json()).toMatchObject({ status: 'succeeded', decided_by: 'Carlos Aprovador', can_decide: false });
    expect((await detail(id)).refunds[0]).toMatchObject({ requested_by_me: true, can_decide: false, decided_by: 'Carlos Aprovador' });
    expect(await campaignRaised(db(), campaign.id)).toBe(150_000);
    expect((await call(ctx.app, 'POST', `/api/v1/admin/refunds/${waiting.id}/reject`, undefined, as(second.token))).statusCode).toBe(409);

    const other = adminRefundSchema.parse((await refund(id, 140_000)).json());
    expect((await call(ctx.app, 'POST', `/api/v1/admin/refunds/${other.id}/reject`, undefined, as(second.token))).json()).toMatchObject({
      status: 'rejected',
    });
    expect((await detail(id)).refundable).toBe(150_000);
  });

  it('counts every refund of the donation against the threshold: five of R$ 1.000 on R$ 5.000 need a second admin after the first', async () => {
    const campaign = await createCampaign(db());
    const id = await cardDonation(campaign, 500_000);
    const first = adminRefundSchema.parse((await refund(id, 100_000)).json());
    expect(first.status).toBe('succeeded');
    const rest = await Promise.all(Array.from({ length: 4 }, () => refund(id, 100_000)));
    expect(rest.map((answer) => adminRefundSchema.parse(answer.json()).status)).toEqual(Array(4).fill('awaiting_approval'));
    expect(await campaignRaised(db(), campaign.id)).toBe(400_000);
  });

  it('twenty requests at once with one Idempotency-Key make one refund, and every answer is that refund', async () => {
    const campaign = await createCampaign(db());
    const id = await cardDonation(campaign, 50_000);
    const options = as(admin.token, newKey());
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(id, 1_000, options)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await db().select().from(refunds).where(eq(refunds.donationId, id))).toHaveLength(1);
  });

  it("tells the page above how much a new refund waits: the threshold less the donation's refunds so far", async () => {
    const campaign = await createCampaign(db());
    const id = await cardDonation(campaign, 500_000);
    expect(await detail(id)).toMatchObject({ approval_threshold: 100_000, approval_needed_above: 100_000 });
    expect((await refund(id, 60_000)).json()).toMatchObject({ status: 'succeeded' });
    expect(await detail(id)).toMatchObject({ approval_threshold: 100_000, approval_needed_above: 40_000 });
    // Exactly what is left goes through; one cent more would have waited.
    expect((await refund(id, 40_000)).json()).toMatchObject({ status: 'succeeded' });
    expect((await detail(id)).approval_needed_above).toBe(0);
    expect((await refund(id, 1)).json()).toMatchObject({ status: 'awaiting_approval' });
  });

  it("a refund the gateway refuses says so, with the provider's reason, and holds nothing back", async () => {
    const campaign = await createCampaign(db());
    // The sandbox's card whose refunds are refused: the card was closed after the charge.
    const id = await cardDonation(campaign, 8000, {}, SANDBOX_TEST_CARDS.refundFails);
    const refused = await refund(id, 3000);
    expect(refused.statusCode, refused.body).toBe(201);
    expect(adminRefundSchema.parse(refused.json())).toMatchObject({ status: 'failed', failure_reason: 'refund.card_closed' });
    const after = await detail(id);
    expect(after).toMatchObject({ status: 'confirmed', refunded: 0, refundable: 8000 });
    expect(after.refunds).toEqual([expect.objectContaining({ status: 'failed', failure_reason: 'refund.card_closed', can_decide: false })]);
    expect(after.ledger.map((g) => g.kind)).toEqual(['donation']);
    expect(await campaignRaised(db(), campaign.id)).toBe(8000);
    expect((await outboxTo(db(), after.donor.email)).map((m) => m.subject)).not.toContain('Reembolso de R$ 30,00 da sua doação');

    // A payment the provider does not know (its reference lost): refused as unknown, in words the page shows.
    const lost = await cardDonation(campaign, 2000);
    await db().update(payments).set({ gatewayRef: 'ch_unknown_to_the_gateway' }).where(eq(payments.donationId, lost));
    expect((await refund(lost, 2000)).json()).toMatchObject({ status: 'failed', failure_reason: 'refund.payment_unknown' });
  });

  it("returns a wallet payment's refund to the donor's wallet", async () => {
    const donor = await newSession(ctx.app);
    await db().transaction((tx) =>
      creditWallet(tx, {
        userId: donor.user.id,
        amountCents: 5000,
        origin: 'adjustment',
        expiresAt: new Date(ctx.clock.now().getTime() + 90 * 86_400_000),
        from: { kind: 'platform_fees' },
        reference: `test-credit:${donor.user.id}`,
      }),
    );
    const campaign = await createCampaign(db());
    const gift = await give(ctx.app, campaign.slug, donationBody({ method: 'wallet' }, { amount: 4000 }), { token: donor.token });
    expect(gift.statusCode, gift.body).toBe(201);
    expect(await walletBalance(db(), donor.user.id, ctx.clock.now())).toBe(1000);
    expect((await refund(gift.json().donation.id, 2500)).json()).toMatchObject({ status: 'succeeded' });
    expect(await walletBalance(db(), donor.user.id, ctx.clock.now())).toBe(3500);
    const lots = await db()
      .select()
      .from(walletLots)
      .where(and(eq(walletLots.userId, donor.user.id), eq(walletLots.origin, 'refund')));
    expect(lots).toHaveLength(1);
    expect(await accountBalance(db(), { kind: 'campaign', campaignId: campaign.id })).toBe(1500);
  });

  it('refuses bad requests with a clear message and writes nothing', async () => {
    const campaign = await createCampaign(db());
    const id = await cardDonation(campaign, 5000);
    const count = async () =>
      Number(
        (
          await db()
            .select({ n: sql`count(*)` })
            .from(refunds)
        )[0]?.n,
      );
    const before = await count();
    const cases: Array<[unknown, ReturnType<typeof as>, string]> = [
      [{ amount: 0, reason: 'x' }, as(), 'Informe um valor a partir de R$ 0,01'],
      [{ amount: 100, reason: '  ' }, as(), 'Informe o motivo do reembolso'],
      [{ amount: 100, reason: 'ok' }, as(admin.token, null), ''],
    ];
    for (const [body, options, message] of cases) {
      const answer = await call(ctx.app, 'POST', `/api/v1/admin/donations/${id}/refunds`, body, options);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(answer.json().message)).toContain(message);
    }
    expect((await refund('0b7f1c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e', 100)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('every call needs ADMIN with MANAGE_USERS, MANAGE_FINANCES and MANAGE_CAMPAIGNS', async () => {
    const campaign = await createCampaign(db());
    const id = await cardDonation(campaign, 5000);
    const donor = await newSession(ctx.app);
    const partial = await newSession(ctx.app);
    await grantAdmin(ctx, partial.user.id, ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_TEAM', 'MANAGE_PIX_ACCOUNTS']);
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/v1/admin/donations', undefined],
      ['GET', `/api/v1/admin/donations/${id}`, undefined],
      ['POST', `/api/v1/admin/donations/${id}/refunds`, { amount: 100, reason: 'x' }],
      ['POST', '/api/v1/admin/refunds/0b7f1c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e/approve', undefined],
      ['POST', '/api/v1/admin/refunds/0b7f1c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e/reject', undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(ctx.app, method as 'GET', url, body, { headers: { 'idempotency-key': newKey() } })).statusCode, url).toBe(401);
      expect((await call(ctx.app, method as 'GET', url, body, as(donor.token))).statusCode, url).toBe(403);
      expect((await call(ctx.app, method as 'GET', url, body, as(partial.token))).statusCode, url).toBe(403);
    }
    expect((await detail(id)).refunded).toBe(0);
  });
});
