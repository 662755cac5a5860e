import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDonationDetailSchema } from '../../contracts/admin-donations';
import { financeReportSchema } from '../../contracts/admin-finances';
import { donations, ledgerGroups, payments } from '../../server/db/schema';
import { accountBalance } from '../../server/services/ledger';
import { selectRows } from '../../server/services/wallet/raw-rows';
import type { MercadoPagoStandIn } from '../support/stand-ins/mercadopago';
import { financeCsvColumns } from './helpers/finance-csv';
import { grantAdmin, newSession } from './helpers/fixtures';
import { mercadoPagoApp, mercadoPagoBrowserToken, MP_WEBHOOK_SECRET } from './helpers/mercadopago-app';
import { campaignRaised, createCampaign, donationBody, give, newKey, outboxTo } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Mercado Pago's fees and chargebacks (issue 25) against the stand-in over real HTTP: the fee its
 * `fee_details` reports reaches the ledger's platform fee account when the payment settles, the
 * finances and their export show it, and a chargeback reverses the donation, shows on its history and
 * tells the admins — once, however often Mercado Pago notifies it (docs/ledger.md, "Fees").
 */
const WEBHOOK_SECRET = MP_WEBHOOK_SECRET;
let ctx: TestContext;
let mp: MercadoPagoStandIn;
let app: FastifyInstance;
let webhookUrl: string;
let campaign: { id: string; slug: string };
let admin: Awaited<ReturnType<typeof newSession>>;
let today = '';

beforeAll(async () => {
  ctx = await createTestContext();
  ({ mp, app, webhookUrl } = await mercadoPagoApp(ctx));
  campaign = await createCampaign(ctx.database.db);
  admin = await newSession(app);
  await grantAdmin(ctx, admin.user.id, ['MANAGE_FINANCES', 'MANAGE_USERS', 'MANAGE_CAMPAIGNS']);
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ctx.clock.now());
});
afterAll(async () => {
  await mp.control.close();
  await ctx.close();
});

const db = () => ctx.database.db;
const as = () => ({ token: admin.token });
const notify = async (gatewayRef: string) =>
  expect((await mp.control.sendWebhook(gatewayRef, { secret: WEBHOOK_SECRET, url: webhookUrl })).status).toBe(204);

/** A PIX donation paid at Mercado Pago and notified (twice, as Mercado Pago may): confirmed. */
async function paidPix(amount: number) {
  const response = await give(app, campaign.slug, donationBody({ method: 'pix' }, { amount, address: null }), { key: newKey() });
  expect(response.statusCode, response.body).toBe(201);
  const donationId = response.json().donation.id as string;
  const [payment] = await db().select().from(payments).where(eq(payments.donationId, donationId));
  const gatewayRef = payment!.gatewayRef!;
  mp.control.approve(gatewayRef);
  await notify(gatewayRef);
  await notify(gatewayRef);
  return { donationId, paymentId: payment!.id, gatewayRef };
}

const groupsNamed = (reference: string) => db().select().from(ledgerGroups).where(eq(ledgerGroups.reference, reference));
const unbalancedGroups = async () =>
  (
    await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from (select group_id from ledger_entries group by group_id having sum(amount_cents) <> 0) g`,
    )
  )[0]?.n;
const detailOf = async (donationId: string) => {
  const answer = await call(app, 'GET', `/api/v1/admin/donations/${donationId}`, undefined, as());
  expect(answer.statusCode, answer.body).toBe(200);
  return adminDonationDetailSchema.parse(answer.json());
};

describe("Mercado Pago's fees", () => {
  it('the fee in fee_details reaches platform_fees once; finances and their export show fee and net; the ledger balances', async () => {
    const first = await paidPix(10_000);
    const second = await paidPix(1234);
    // The stand-in's PIX tariff, 0.99 %: R$ 0,99 and R$ 0,12, as its fee_details say.
    expect(mp.control.payment(first.gatewayRef).fee_details).toEqual([{ type: 'mercadopago_fee', amount: 0.99, fee_payer: 'collector' }]);
    expect(mp.control.payment(second.gatewayRef).fee_details).toEqual([{ type: 'mercadopago_fee', amount: 0.12, fee_payer: 'collector' }]);
    expect(mp.control.payment(first.gatewayRef).transaction_details.net_received_amount).toBe(99.01);

    // Two notifications each, one fee group each: cause → platform fees.
    const [fee] = await groupsNamed(`fee:${first.paymentId}`);
    expect(fee).toMatchObject({ kind: 'provider_fee' });
    expect(await groupsNamed(`fee:${second.paymentId}`)).toHaveLength(1);
    expect(await accountBalance(db(), { kind: 'platform_fees' })).toBe(99 + 12);
    // The campaign's page counts what donors gave; the cause's account holds it less the fees.
    expect(await campaignRaised(db(), campaign.id)).toBe(11_234);
    expect(await accountBalance(db(), { kind: 'campaign', campaignId: campaign.id })).toBe(11_234 - 111);
    expect(await unbalancedGroups()).toBe(0);

    const answer = await call(app, 'GET', `/api/v1/admin/finances?from=${today}&to=${today}`, undefined, as());
    expect(answer.statusCode, answer.body).toBe(200);
    const report = financeReportSchema.parse(answer.json());
    expect(report.figures).toMatchObject({ gross: 11_234, fees: 111, refunds: 0, net: 11_123, donations: 2 });
    expect(report.figures.by_method).toEqual([{ key: 'pix', label: 'pix', gross: 11_234, count: 2 }]);

    const csv = await call(app, 'GET', `/api/v1/admin/finances/export.csv?from=${today}&to=${today}`, undefined, as());
    const { rows, sum: column } = financeCsvColumns(csv.body);
    expect(column(-4)).toBe(11_234);
    expect(column(-2)).toBe(111);
    expect(column(-1)).toBe(11_123);
    expect(rows.filter((cells) => cells[1] === 'taxa do meio de pagamento')).toHaveLength(2);

    // The donation's history shows the fee, account by account.
    const detail = await detailOf(first.donationId);
    expect(detail.ledger.find((group) => group.kind === 'provider_fee')?.lines).toEqual([
      expect.objectContaining({ kind: 'campaign', amount: -99 }),
      expect.objectContaining({ kind: 'platform_fees', amount: 99 }),
    ]);
  });
});

describe("Mercado Pago's fee on a card", () => {
  it('an approved card charge books its fee with the confirmation, and its later notification books nothing more', async () => {
    const token = await mercadoPagoBrowserToken(mp);
    const answer = await give(app, campaign.slug, donationBody({ method: 'card', card_token: token, save_card: false }, { amount: 5000 }), {
      key: newKey(),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().donation.status).toBe('confirmed');
    const [payment] = await db().select().from(payments).where(eq(payments.donationId, answer.json().donation.id));
    // The stand-in's card tariff, 4.98 % of R$ 50,00: R$ 2,49.
    const [fee] = await groupsNamed(`fee:${payment!.id}`);
    expect(fee).toMatchObject({ kind: 'provider_fee' });
    const fees = await accountBalance(db(), { kind: 'platform_fees' });
    await notify(payment!.gatewayRef!);
    expect(await groupsNamed(`fee:${payment!.id}`)).toHaveLength(1);
    expect(await accountBalance(db(), { kind: 'platform_fees' })).toBe(fees);
    const detail = await detailOf(answer.json().donation.id);
    expect(detail.ledger.find((group) => group.kind === 'provider_fee')?.lines).toContainEqual(
      expect.objectContaining({ kind: 'platform_fees', amount: 249 }),
    );
    expect(await unbalancedGroups()).toBe(0);
  });
});

describe('a chargeback at Mercado Pago', () => {
  it('reverses the donation on the ledger, shows on its history, e-mails the admins; a replay changes nothing more', async () => {
    const { donationId, paymentId, gatewayRef } = await paidPix(2000);
    const raised = await campaignRaised(db(), campaign.id);
    const fees = await accountBalance(db(), { kind: 'platform_fees' });
    const mailsBefore = (await outboxTo(db(), admin.user.email)).length;

    mp.control.chargeback(gatewayRef);
    await notify(gatewayRef);

    expect((await db().select().from(donations).where(eq(donations.id, donationId)))[0]?.status).toBe('refunded');
    const [group] = await groupsNamed(`chargeback:${donationId}`);
    expect(group).toMatchObject({ kind: 'chargeback' });
    expect(await campaignRaised(db(), campaign.id)).toBe(raised - 2000);
    // Mercado Pago keeps its fee on a chargeback: the fee stays booked.
    expect(await accountBalance(db(), { kind: 'platform_fees' })).toBe(fees);
    expect(await groupsNamed(`fee:${paymentId}`)).toHaveLength(1);
    expect(await unbalancedGroups()).toBe(0);

    const detail = await detailOf(donationId);
    expect(detail.status).toBe('refunded');
    // The fee is booked as Mercado Pago's word on the payment is recorded, just before the confirmation.
    expect(detail.ledger.map((g) => g.kind).sort()).toEqual(['chargeback', 'donation', 'provider_fee']);
    expect(detail.ledger.at(-1)?.kind).toBe('chargeback');
    expect(detail.ledger.find((g) => g.kind === 'chargeback')?.lines).toEqual([
      expect.objectContaining({ kind: 'campaign', amount: -2000 }),
      expect.objectContaining({ kind: 'gateway_clearing', name: 'mercadopago', amount: 2000 }),
    ]);

    const mails = (await outboxTo(db(), admin.user.email)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Contestação (chargeback) de R$ 20,00 numa doação');
    expect(mails[0]?.text).toContain(`referência ${gatewayRef}`);
    expect(mails[0]?.text).toContain(`/admin/donations?donation=${donationId}`);

    // The finances count it as money given back.
    const report = financeReportSchema.parse(
      (await call(app, 'GET', `/api/v1/admin/finances?from=${today}&to=${today}`, undefined, as())).json(),
    );
    expect(report.figures.refunds).toBeGreaterThanOrEqual(2000);

    // Mercado Pago notifies again: nothing more moves, nobody is told twice.
    const groups = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerGroups);
    await notify(gatewayRef);
    await notify(gatewayRef);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerGroups),
    ).toEqual(groups);
    expect((await outboxTo(db(), admin.user.email)).slice(mailsBefore)).toHaveLength(1);
    expect(await campaignRaised(db(), campaign.id)).toBe(raised - 2000);
  });
});
