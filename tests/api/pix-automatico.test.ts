import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, like, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { subscriptionResultSchema, subscriptionSchema, type SubscriptionRequestInput } from '../../contracts/subscriptions';
import { mailOutbox, notifications, payoutAccounts, subscriptionCharges, subscriptions, walletLots } from '../../server/db/schema';
import { dayOf } from '../../server/services/payments/api-pix/api-pix-recurrences';
import { registerApiPixWebhooks } from '../../server/services/payments/api-pix/webhook-registration';
import { chargeDueSubscriptions, type SubscriptionDeps } from '../../server/services/subscriptions/charge-due';
import { makeTestCertificates, type TestCertificates } from '../support/stand-ins/api-pix/certs';
import { apiPixEnv, STAND_IN_RECEIVER_ACCOUNT, startApiPixStandIn, type ApiPixStandIn } from '../support/stand-ins/api-pix';
import { confirmSignUp, grantAdmin, newSession, newUserInput, signIn } from './helpers/fixtures';
import { brazilianAddress, newKey, outboxTo, personContact } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Monthly giving by Pix Automático against the stand-in bank (docs/payments.md, "Monthly giving by Pix
 * Automático"): the combined QR that pays the first month and authorises the recurrence, each month's debit
 * sent before its due date and settled by the bank's webhook read back, a refused debit retried by the
 * bank, and a recurrence ended from either side.
 */
const credentials = { clientId: 'semear-client', clientSecret: 'semear-secret' };
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** An instant given as São Paulo wall time (UTC−3). */
const sp = (local: string) => new Date(`${local}-03:00`);

let ctx: TestContext;
let certs: TestCertificates;
let bank: ApiPixStandIn;
let app: FastifyInstance;
let deps: SubscriptionDeps;
let payoutId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  certs = makeTestCertificates();
  bank = await startApiPixStandIn(certs, { ...credentials, now: () => ctx.clock.now() });
  app = await ctx.buildAnotherApp({ ...apiPixEnv(bank, certs, credentials), LOG_LEVEL: 'error' });
  const publicUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const log = { info: () => undefined, error: (_: object, msg: string) => expect.fail(msg) };
  expect(await registerApiPixWebhooks(app.paymentGateways, { db: db(), publicUrl, pixKey: ctx.config.payments.pix.key }, log)).toBe(true);
  deps = { db: db(), gateways: app.paymentGateways, translator: app.translator, config: ctx.config };
  // The NGO's approved payout account, the one the stand-in bank keeps for it: each debit names it as `recebedor`.
  const [payout] = await db()
    .insert(payoutAccounts)
    .values({
      bankCode: '001',
      branch: STAND_IN_RECEIVER_ACCOUNT.agencia,
      account: STAND_IN_RECEIVER_ACCOUNT.conta.slice(0, -1),
      digit: STAND_IN_RECEIVER_ACCOUNT.conta.slice(-1),
      type: 'checking',
      holderName: 'Semear Doações',
      holderDocument: '11222333000181',
      status: 'active',
      requestedBy: randomUUID(),
    })
    .returning();
  payoutId = payout!.id;
}, 90_000);
afterAll(async () => {
  await bank.control.close();
  await ctx.close();
  certs.remove();
});
// Each test's subscriptions end with it, so the next test's job runs see only their own.
afterEach(async () => {
  await db().update(subscriptions).set({ status: 'canceled', nextChargeAt: null }).where(ne(subscriptions.status, 'canceled'));
});

const db = () => ctx.database.db;
const txidOf = (id: string) => id.replaceAll('-', '');
function setClock(at: Date): Date {
  ctx.clock.advance(at.getTime() - ctx.clock.now().getTime());
  return at;
}

async function donorAt(at: Date) {
  setClock(at);
  const input = newUserInput();
  expect((await call(app, 'POST', '/api/v1/users', input)).statusCode).toBe(202);
  await confirmSignUp(app, input.email);
  const session = await signIn(app, input.email, input.password);
  return { ...session, email: input.email, password: input.password };
}

const pixBody = (email: string, amount: number, contact: Partial<SubscriptionRequestInput['contact']> = {}): SubscriptionRequestInput => ({
  amount,
  payment: { method: 'pix_automatico' },
  contact: { ...personContact, email, ...contact },
  address: { ...brazilianAddress },
});

/** Subscribes by Pix Automático at `at`; the answer shows the combined QR. */
async function subscribeAt(at: Date, amount = 5000) {
  const donor = await donorAt(at);
  const response = await call(app, 'POST', '/api/v1/subscriptions', pixBody(donor.email, amount), {
    token: donor.token,
    headers: { 'idempotency-key': newKey() },
  });
  expect(response.statusCode, response.body).toBe(201);
  const answer = subscriptionResultSchema.parse(response.json());
  return { ...donor, ...answer, txid: txidOf(answer.charge.id) };
}

/** The donor pays the combined QR in their bank app; the bank tells us with its /pix webhook. */
async function authorize(txid: string) {
  bank.control.payAndAuthorize(txid);
  expect(await bank.control.sendWebhook(txid)).toBe(204);
}

const subscriptionRow = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const chargesOf = (subscriptionId: string) =>
  db()
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionCharges.periodStart));
const lotsOf = (userId: string) => db().select().from(walletLots).where(eq(walletLots.userId, userId)).orderBy(asc(walletLots.expiresAt));
const recOf = (txid: string) => {
  const rec = bank.control.recOfJourney(txid);
  if (!rec) throw new Error(`no recurrence for ${txid}`);
  return rec;
};

describe('monthly giving by Pix Automático (API Pix)', () => {
  it('shows the combined QR of the first month and the authorisation; paying it credits the month and starts the subscription', async () => {
    const donor = await subscribeAt(sp('2027-01-10T15:00:00'), 1234);
    expect(donor.subscription).toMatchObject({ status: 'awaiting_authorization', payment_method: 'pix_automatico', card: null });
    const rec = recOf(donor.txid);
    expect(donor.subscription.pix_authorization?.br_code).toContain(rec.loc?.location);
    expect(donor.subscription.pix_authorization?.br_code).toContain(bank.control.cobs.get(donor.txid)?.location);
    expect(donor.subscription.pix_authorization?.qr_code).toMatch(/^data:image\/png;base64,/);
    // What reached the bank: the first month as an immediate charge, and a monthly recurrence from the next due date.
    const sent = (method: string, path: string) => bank.control.requests.find((r) => r.method === method && r.path === path)?.body;
    expect(sent('PUT', `/api/v2/cob/${donor.txid}`)).toMatchObject({ valor: { original: '12.34' }, devedor: { cpf: '52998224725' } });
    expect(bank.control.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/rec').at(-1)?.body).toMatchObject({
      valor: { valorMinimoRecebedor: '12.34' },
      calendario: { dataInicial: '2027-02-10', periodicidade: 'MENSAL' },
      politicaRetentativa: 'PERMITE_3R_7D',
      vinculo: { devedor: { cpf: '52998224725', nome: 'Maria da Silva' } },
      ativacao: { dadosJornada: { txid: donor.txid } },
    });
    expect(rec.status).toBe('CRIADA');

    await authorize(donor.txid);
    const row = await subscriptionRow(donor.subscription.id);
    expect(row).toMatchObject({ status: 'active', pixRecurrenceId: rec.idRec, pixAuthorization: null });
    expect(dayOf(row.nextChargeAt!)).toBe('2027-02-10');
    expect((await lotsOf(donor.user.id)).map((l) => [l.amountCents, dayOf(l.expiresAt!)])).toEqual([[1234, '2027-02-10']]);
    const current = await call(app, 'GET', '/api/v1/subscriptions/current', undefined, { token: donor.token });
    expect(subscriptionSchema.parse(current.json().subscription)).toMatchObject({ status: 'active', pix_authorization: null });
    // The same PIX announced again records nothing more.
    expect(await bank.control.sendWebhook(donor.txid)).toBe(204);
    expect(await lotsOf(donor.user.id)).toHaveLength(1);
  });

  it('twelve months on a controllable clock, one debit refused and retried by the bank, land as twelve monthly credits', async () => {
    const donor = await subscribeAt(sp('2027-01-31T15:00:00'), 2000);
    await authorize(donor.txid);
    const refusedMonth = '2027-05-31';
    const debits: string[] = [];
    // The cron once a day at 00:30 in São Paulo; the donor's bank debits what falls due that day, then posts /cobr.
    for (let day = sp('2027-02-01T00:30:00').getTime(); day < sp('2028-01-01T00:30:00').getTime(); day += DAY_MS) {
      await chargeDueSubscriptions(deps, setClock(new Date(day)));
      const today = dayOf(new Date(day));
      for (const cobr of bank.control.cobrs.values()) {
        const due = cobr.tentativas.find((t) => t.status === 'AGENDADA' && t.dataLiquidacao === today);
        if (!due) continue;
        const outcome = cobr.calendario.dataDeVencimento === refusedMonth && due.tipo === 'AGND' ? 'refused' : 'paid';
        bank.control.debit(cobr.txid, outcome);
        debits.push(`${today} ${outcome}`);
        expect(await bank.control.sendCobrWebhook(cobr.txid)).toBe(204);
      }
    }
    // Each month's debit went out 3 days before its due date (the last day of shorter months), for the authorised amount.
    const cobrs = [...bank.control.cobrs.values()].filter((c) => c.idRec === recOf(donor.txid).idRec);
    expect(cobrs.map((c) => [c.calendario.criacao, c.calendario.dataDeVencimento, c.valor.original])).toEqual(
      [
        '2027-02-28',
        '2027-03-31',
        '2027-04-30',
        '2027-05-31',
        '2027-06-30',
        '2027-07-31',
        '2027-08-31',
        '2027-09-30',
        '2027-10-31',
        '2027-11-30',
        '2027-12-31',
      ].map((due) => [dayOf(new Date(sp(`${due}T00:30:00`).getTime() - 3 * DAY_MS)), due, '20.00']),
    );
    // Each named the NGO's payout account, as the spec requires and the bank checks.
    expect(
      cobrs.every((c) => c.recebedor.conta === '123456' && c.recebedor.agencia === '0001' && c.recebedor.tipoConta === 'CORRENTE'),
    ).toBe(true);
    expect(debits).toContain('2027-05-31 refused');
    expect(debits).toContain('2027-06-01 paid');
    const charges = await chargesOf(donor.subscription.id);
    expect(charges.map((c) => [c.kind, c.status])).toEqual([['pix_cob', 'succeeded'], ...Array(11).fill(['pix_cobr', 'succeeded'])]);
    const lots = await lotsOf(donor.user.id);
    expect(lots).toHaveLength(12);
    expect(lots.every((l) => l.amountCents === 2000)).toBe(true);
    // The refused debit told the donor once, with the day the bank tries again.
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, donor.user.id), eq(notifications.type, 'monthly_charge_failed')));
    expect(told.map((n) => n.metadata)).toEqual([
      expect.objectContaining({ failure_code: 'pix.debit_refused', retry_at: sp('2027-06-01T00:00:00').toISOString() }),
    ]);
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({ status: 'active', retryCount: 0 });
    const mails = await outboxTo(db(), donor.email);
    expect(mails.map((m) => m.text).filter((t) => t.includes('banco'))).toEqual([
      expect.stringContaining('Seu banco vai tentar o débito de novo em 01/06/2027'),
    ]);
    expect(mails.filter((m) => m.text.includes('Recebemos R$'))).toHaveLength(12);
  }, 120_000);

  it('a recurrence the donor cancels in their bank app ends the subscription here and tells them', async () => {
    const donor = await subscribeAt(sp('2028-02-05T10:00:00'));
    await authorize(donor.txid);
    const { idRec } = recOf(donor.txid);
    bank.control.cancelRecByPayer(idRec);
    expect(await bank.control.sendRecWebhook(idRec)).toBe(204);
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({ status: 'canceled', cancelReason: 'bank', nextChargeAt: null });
    const mails = await outboxTo(db(), donor.email);
    expect(mails.filter((m) => m.subject === 'Sua doação mensal foi cancelada')).toHaveLength(1);
    // No debit goes out for it afterwards.
    await chargeDueSubscriptions(deps, setClock(sp('2028-03-03T00:30:00')));
    expect([...bank.control.cobrs.values()].filter((c) => c.idRec === idRec)).toHaveLength(0);
  });

  it('a recurrence webhook the bank does not confirm changes nothing', async () => {
    const donor = await subscribeAt(sp('2028-04-05T10:00:00'));
    await authorize(donor.txid);
    const { idRec } = recOf(donor.txid);
    // A forged hint: the recurrence is still APROVADA at the bank.
    const response = await fetch(`${bank.control.recurrenceWebhooks.rec}/rec`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ recs: [{ idRec, status: 'CANCELADA' }] }),
    });
    expect(response.status).toBe(204);
    expect((await subscriptionRow(donor.subscription.id)).status).toBe('active');
    const garbage = await fetch(`${bank.control.recurrenceWebhooks.cobr}/cobr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"x":1}',
    });
    expect(garbage.status).toBe(400);
  });

  it('canceling from the profile cancels the recurrence at the bank', async () => {
    const donor = await subscribeAt(sp('2028-06-05T10:00:00'));
    await authorize(donor.txid);
    const response = await call(app, 'POST', `/api/v1/subscriptions/${donor.subscription.id}/cancel`, undefined, { token: donor.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(recOf(donor.txid)).toMatchObject({ status: 'CANCELADA', encerramento: { cancelamento: { solicitante: 'USUARIO_RECEBEDOR' } } });
  });

  it("a new amount from the profile is the next month's debit; a card cannot be chosen for it", async () => {
    const donor = await subscribeAt(sp('2028-07-05T10:00:00'));
    await authorize(donor.txid);
    const patch = (body: object) => call(app, 'PATCH', `/api/v1/subscriptions/${donor.subscription.id}`, body, { token: donor.token });
    const changed = await patch({ amount: 9000 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ amount: 9000, payment_method: 'pix_automatico' });
    const card = await patch({ card_id: '0f9c5a2e-2b7d-4d1c-8f3e-9a6b1c2d3e4f' });
    expect(card.statusCode).toBe(409);
    expect(card.json().message).toBe('Esta doação mensal é paga por Pix Automático, sem cartão.');
    await chargeDueSubscriptions(deps, setClock(sp('2028-08-02T00:30:00')));
    const { idRec } = recOf(donor.txid);
    expect([...bank.control.cobrs.values()].filter((c) => c.idRec === idRec).map((c) => c.valor.original)).toEqual(['90.00']);
  });

  it('a QR left unpaid ends the subscription when it expires, telling no one', async () => {
    const donor = await subscribeAt(sp('2028-08-05T10:00:00'));
    bank.control.cobs.get(donor.txid)!.status = 'REMOVIDA_PELO_PSP';
    await chargeDueSubscriptions(deps, setClock(sp('2028-08-05T11:00:00')));
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({ status: 'canceled', cancelReason: 'payment_failed' });
    expect(await outboxTo(db(), donor.email)).toHaveLength(0);
  });

  it('a first month the bank never got ends after an hour, so the donor can subscribe again', async () => {
    const donor = await subscribeAt(sp('2028-08-15T10:00:00'));
    bank.control.cobs.delete(donor.txid);
    await chargeDueSubscriptions(deps, setClock(sp('2028-08-15T10:30:00')));
    expect((await subscriptionRow(donor.subscription.id)).status).toBe('awaiting_authorization');
    await chargeDueSubscriptions(deps, setClock(sp('2028-08-15T11:01:00')));
    expect(await subscriptionRow(donor.subscription.id)).toMatchObject({ status: 'canceled', cancelReason: 'payment_failed' });
  });

  it('a donor without CPF or CNPJ (a foreigner) is told so, and nothing is written', async () => {
    const donor = await donorAt(sp('2028-09-05T10:00:00'));
    const before = await db().select({ n: count() }).from(subscriptions);
    const body = pixBody(donor.email, 5000, { foreigner: true, cpf: '', telephone: '+14155552671' });
    const response = await call(
      app,
      'POST',
      '/api/v1/subscriptions',
      { ...body, address: { country: 'US', city: 'Boston', state: 'MA' } },
      {
        token: donor.token,
        headers: { 'idempotency-key': newKey() },
      },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'subscription.pix_automatico_document_required',
      message: 'A doação mensal por PIX precisa do CPF ou CNPJ de quem paga.',
    });
    expect(await db().select({ n: count() }).from(subscriptions)).toEqual(before);
  });
  it('a debit the bank refuses (4xx) alerts the admins, shows on the subscription, and is sent again only once changed', async () => {
    const admin = await newSession(ctx.app, { name: 'Tesoureira Bia' });
    await grantAdmin(ctx, admin.user.id, ['MANAGE_FINANCES']);
    const donor = await subscribeAt(sp('2028-10-05T10:00:00'), 3000);
    await authorize(donor.txid);
    const { idRec } = recOf(donor.txid);
    const puts = () => bank.control.requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/api/v2/cobr/')).length;
    const alerts = () => db().select().from(mailOutbox).where(like(mailOutbox.subject, 'Pix Automático: o banco recusou o débito de%'));
    const monthCharge = async () => (await chargesOf(donor.subscription.id)).find((c) => c.kind === 'pix_cobr')!;
    const setPayout = async (account: string, digit: string) => {
      await db().update(payoutAccounts).set({ account, digit }).where(eq(payoutAccounts.id, payoutId));
    };
    const before = puts();

    // The payout account in force is not the NGO's account at this bank: the bank refuses the debit (400).
    await setPayout('99999', '9');
    onTestFinished(() => setPayout(STAND_IN_RECEIVER_ACCOUNT.conta.slice(0, -1), STAND_IN_RECEIVER_ACCOUNT.conta.slice(-1)));
    await chargeDueSubscriptions(deps, setClock(sp('2028-11-02T00:30:00')));
    expect(puts()).toBe(before + 1);
    const refused = await monthCharge();
    expect(refused).toMatchObject({ status: 'processing', failureCode: 'pix.debit_not_accepted' });
    expect(refused.debitRefusal?.reason).toMatch(/400.*não pertence a este usuário recebedor/s);
    const told = await alerts();
    expect(told.map((m) => m.to)).toContain(admin.user.email);
    expect(told[0]?.text).toContain(txidOf(refused.id));
    expect(told[0]?.text).toContain('/admin/pix-accounts');
    // The donor's subscription shows the month the bank did not take; the donor owes nothing and is not told to pay.
    const { token } = await signIn(app, donor.email, donor.password);
    const current = await call(app, 'GET', '/api/v1/subscriptions/current', undefined, { token });
    expect(current.json()).toMatchObject({ subscription: { status: 'active' } });
    expect(current.json().charges[0]).toMatchObject({ status: 'processing', failure_code: 'pix.debit_not_accepted' });
    expect((await outboxTo(db(), donor.email)).filter((m) => m.text.includes('débito'))).toHaveLength(0);

    // The hourly follow-up does not send the same request again, and the admins are not told again.
    for (const hour of ['01:31', '02:32', '03:33']) await chargeDueSubscriptions(deps, setClock(sp(`2028-11-02T${hour}:00`)));
    expect(puts()).toBe(before + 1);
    expect(await alerts()).toHaveLength(told.length);

    // The account fixed: the next follow-up sends the changed request; the bank's 503 on it is retried an hour later.
    await setPayout(STAND_IN_RECEIVER_ACCOUNT.conta.slice(0, -1), STAND_IN_RECEIVER_ACCOUNT.conta.slice(-1));
    bank.control.failNext(1, (method, path) => method === 'PUT' && path.startsWith('/cobr/'));
    await chargeDueSubscriptions(deps, setClock(sp('2028-11-02T04:34:00')));
    expect(puts()).toBe(before + 2);
    expect([...bank.control.cobrs.values()].filter((c) => c.idRec === idRec)).toHaveLength(0);
    await chargeDueSubscriptions(deps, setClock(sp('2028-11-02T05:35:00')));
    expect(puts()).toBe(before + 3);
    const sent = [...bank.control.cobrs.values()].find((c) => c.idRec === idRec)!;
    expect(sent.recebedor).toEqual({ conta: '123456', agencia: '0001', tipoConta: 'CORRENTE' });
    expect(await monthCharge()).toMatchObject({ status: 'processing', failureCode: null, debitRefusal: null });

    // Debited on its due date, the month is paid like any other.
    setClock(sp('2028-11-05T00:30:00'));
    bank.control.debit(sent.txid, 'paid');
    expect(await bank.control.sendCobrWebhook(sent.txid)).toBe(204);
    expect(await monthCharge()).toMatchObject({ status: 'succeeded' });
    expect(await alerts()).toHaveLength(told.length);
  });

  it('without an approved payout account no debit is sent: the admins are told once and the month waits for one', async () => {
    const admin = await newSession(ctx.app, { name: 'Tesoureiro Caio' });
    await grantAdmin(ctx, admin.user.id, ['MANAGE_FINANCES']);
    const donor = await subscribeAt(sp('2028-11-20T10:00:00'), 2500);
    await authorize(donor.txid);
    const { idRec } = recOf(donor.txid);
    const putsBefore = bank.control.requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/api/v2/cobr/')).length;
    const reactivate = async () => {
      await db().update(payoutAccounts).set({ status: 'active' }).where(eq(payoutAccounts.id, payoutId));
    };
    onTestFinished(reactivate);
    await db().update(payoutAccounts).set({ status: 'inactive' }).where(eq(payoutAccounts.id, payoutId));
    {
      await chargeDueSubscriptions(deps, setClock(sp('2028-12-17T00:30:00')));
      await chargeDueSubscriptions(deps, setClock(sp('2028-12-17T01:31:00')));
      expect([...bank.control.cobrs.values()].filter((c) => c.idRec === idRec)).toHaveLength(0);
      expect(bank.control.requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/api/v2/cobr/'))).toHaveLength(putsBefore);
      const [charge] = (await chargesOf(donor.subscription.id)).filter((c) => c.kind === 'pix_cobr');
      expect(charge).toMatchObject({ status: 'processing', failureCode: 'pix.debit_not_accepted' });
      expect(charge?.debitRefusal?.reason).toMatch(/no approved payout account/);
      expect(
        await db()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, admin.user.email), like(mailOutbox.subject, 'Pix Automático:%'))),
      ).toHaveLength(1);
    }
    await reactivate();
    await chargeDueSubscriptions(deps, setClock(sp('2028-12-17T02:32:00')));
    expect([...bank.control.cobrs.values()].filter((c) => c.idRec === idRec)).toHaveLength(1);
  });
});
