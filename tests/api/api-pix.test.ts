import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { API_PIX_NOTICE_MAX_BYTES } from '../../server/services/payments/api-pix/provider';
import { loadConfig } from '../../server/config';
import { withGeneratedSecrets } from '../../server/config-secrets';
import { reconcileOnce } from '../../server/services/donations/reconcile';
import { createApiPixClient } from '../../server/services/payments/api-pix/api-client';
import { registerApiPixWebhooks } from '../../server/services/payments/api-pix/webhook-registration';
import { createRefundService } from '../../server/services/refunds/refunds';
import { createTranslator } from '../../server/i18n/translator';
import { makeTestCertificates, type TestCertificates } from '../support/stand-ins/api-pix/certs';
import { apiPixEnv, startApiPixStandIn, type ApiPixStandIn } from '../support/stand-ins/api-pix';
import { grantAdmin, newSession } from './helpers/fixtures';
import { adminRefund, campaignRaised, createCampaign, donationBody, donationRecords, give, newKey } from './helpers/giving';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * PAYMENT_PIX_PROVIDER=api-pix against a stand-in bank that speaks the Central Bank's API Pix over mutual
 * TLS (tests/support/stand-ins/api-pix), with certificates made for the run (docs/payments.md, "PIX from
 * your bank"): what reaches the bank, and what its unsigned webhook may and may not settle.
 */
const credentials = { clientId: 'semear-client', clientSecret: 'semear-secret' };
let ctx: TestContext;
let certs: TestCertificates;
let bank: ApiPixStandIn;
let app: FastifyInstance;
let publicUrl: string;
let campaign: { id: string; slug: string };
const logged: string[] = [];
const log = { info: () => undefined, error: (_: object, msg: string) => void logged.push(msg) };

beforeAll(async () => {
  ctx = await createTestContext();
  certs = makeTestCertificates();
  bank = await startApiPixStandIn(certs, { ...credentials, now: () => ctx.clock.now() });
  app = await ctx.buildAnotherApp(apiPixEnv(bank, certs, credentials));
  // The bank posts to a real address: the app listens like a deployment, and registers it at start-up.
  publicUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const registered = await registerApiPixWebhooks(app.paymentGateways, { db: db(), publicUrl, pixKey: ctx.config.payments.pix.key }, log);
  expect(registered, logged.join('\n')).toBe(true);
  campaign = await createCampaign(db());
}, 90_000);
afterAll(async () => {
  await bank.control.close();
  await ctx.close();
  certs.remove();
});

const db = () => ctx.database.db;
/** The refunds job's service, as the app runs it: it asks the bank again about refunds under way. */
const refundService = () =>
  createRefundService({
    db: db(),
    gateways: app.paymentGateways,
    translator: createTranslator(),
    clock: ctx.clock,
    config: { refundApprovalAboveCents: ctx.config.refundApprovalAboveCents },
  });
const { paymentOf, statusOf, groupsOf } = donationRecords(db);
const txidOf = (paymentId: string) => paymentId.replaceAll('-', '');

async function pix(amount: number) {
  const response = await give(app, campaign.slug, donationBody({ method: 'pix' }, { amount, address: null }), { key: newKey() });
  expect(response.statusCode, response.body).toBe(201);
  const donationId = response.json().donation.id as string;
  return { response, donationId, payment: await paymentOf(donationId) };
}

describe('PIX from the NGO’s bank (API Pix)', () => {
  it('registers the webhook once: a second start-up asks nothing new', async () => {
    expect(bank.control.webhooks.get(ctx.config.payments.pix.key)).toBe(`${publicUrl}/api/v1/payments/webhooks/api-pix`);
    const puts = () => bank.control.requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/api/v2/webhook/')).length;
    const before = puts();
    expect(await registerApiPixWebhooks(app.paymentGateways, { db: db(), publicUrl, pixKey: ctx.config.payments.pix.key }, log)).toBe(true);
    expect(puts()).toBe(before);
  });

  it('R$ 12,34 is "12.34" on the wire under our txid, and the paid charge confirms 1234 cents', async () => {
    const raised = await campaignRaised(db(), campaign.id);
    const { response, donationId, payment } = await pix(1234);
    expect(payment).toMatchObject({ gateway: 'api-pix', status: 'pending', gatewayRef: txidOf(payment.id) });
    const sent = bank.control.requests.find((r) => r.method === 'PUT' && r.path === `/api/v2/cob/${txidOf(payment.id)}`);
    expect(sent?.body).toMatchObject({
      valor: { original: '12.34', modalidadeAlteracao: 0 },
      chave: ctx.config.payments.pix.key,
      devedor: { cpf: '52998224725', nome: 'Maria da Silva' },
      calendario: { expiracao: ctx.config.payments.pix.expiresS },
    });
    expect(response.json().payment.br_code).toBe(bank.control.cobs.get(txidOf(payment.id))?.pixCopiaECola);
    bank.control.pay(txidOf(payment.id));
    expect(await bank.control.sendWebhook(txidOf(payment.id))).toBe(204);
    expect(await statusOf(donationId)).toBe('confirmed');
    expect((await paymentOf(donationId)).amountCents).toBe(1234);
    expect(await campaignRaised(db(), campaign.id)).toBe(raised + 1234);
  });

  it('a webhook for a charge the bank still says is ATIVA confirms nothing', async () => {
    const { donationId, payment } = await pix(2500);
    const forged = { pix: [{ endToEndId: 'E12345678202611270000abcdef012345', txid: txidOf(payment.id), valor: '25.00' }] };
    expect(await bank.control.sendWebhook(txidOf(payment.id), forged)).toBe(204);
    expect(await statusOf(donationId)).toBe('pending');
    expect((await paymentOf(donationId)).status).toBe('pending');
    expect(await groupsOf(donationId)).toBe(0);
  });

  it('a PIX of another amount than charged confirms nothing and alerts the admins', async () => {
    const admin = await newSession(ctx.app, { name: 'Tesoureira Ana' });
    await grantAdmin(ctx, admin.user.id, ['MANAGE_FINANCES']);
    const { donationId, payment } = await pix(4000);
    bank.control.pay(txidOf(payment.id), '4.00');
    expect(await bank.control.sendWebhook(txidOf(payment.id))).toBe(204);
    expect(await statusOf(donationId)).not.toBe('confirmed');
    expect((await paymentOf(donationId)).status).toBe('failed');
    expect(await groupsOf(donationId)).toBe(0);
    const alerts = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Pagamento de R$%4,00 para uma cobrança de R$%40,00%'));
    expect(alerts.map((mail) => mail.to)).toContain(admin.user.email);
    expect(alerts[0]?.text).toContain(txidOf(payment.id));
    // The look-up reads the same charge: still nothing confirmed, and no second alert.
    await reconcileOnce({ db: db(), clock: ctx.clock, gateways: app.paymentGateways, translator: createTranslator(), config: ctx.config });
    expect(await statusOf(donationId)).not.toBe('confirmed');
    expect(await db().select().from(mailOutbox).where(like(mailOutbox.subject, 'Pagamento de R$%4,00 para%'))).toHaveLength(alerts.length);
  });

  it('a notice repeating a txid 1,000 times reads each charge back once; concurrent notices share the read-back in flight', async () => {
    const payments = [await pix(1100), await pix(1200), await pix(1300)];
    const [first, second, third] = payments.map((p) => txidOf(p.payment.id));
    const stranger = txidOf(randomUUID());
    const readBacks = () => bank.control.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v2/cob/')).length;
    const hint = (txid: string, i: number) => ({ endToEndId: `E1234567820261127${String(i).padStart(15, '0')}`, txid, valor: '11.00' });
    const repeated = Array.from({ length: 1000 }, (_, i) => hint([second, third, stranger][i % 100] ?? first!, i));
    const before = readBacks();
    expect(await bank.control.sendWebhook(first!, { pix: repeated })).toBe(204);
    // One read-back per distinct txid: four, not a thousand.
    expect(readBacks() - before).toBe(4);
    expect(await Promise.all(payments.map((p) => statusOf(p.donationId)))).toEqual(['pending', 'pending', 'pending']);

    // Three notices at once about the same charge, while the bank takes its time to answer: one read-back between them.
    bank.control.slowDown(300, (method, path) => method === 'GET' && path.startsWith('/cob/'));
    try {
      const again = readBacks();
      const notice = { pix: Array.from({ length: 200 }, (_, i) => hint(first!, i)) };
      expect(await Promise.all([1, 2, 3].map(() => bank.control.sendWebhook(first!, notice)))).toEqual([204, 204, 204]);
      expect(readBacks() - again).toBe(1);
    } finally {
      bank.control.slowDown(0);
    }
  });

  it('a notice over API_PIX_NOTICE_MAX_BYTES is refused with 413 and reads nothing back', async () => {
    const { payment } = await pix(1400);
    const readBacks = () => bank.control.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v2/cob/')).length;
    const before = readBacks();
    const entry = { endToEndId: 'E12345678202611270000abcdef012345', txid: txidOf(payment.id), valor: '14.00' };
    const count = Math.ceil(API_PIX_NOTICE_MAX_BYTES / JSON.stringify(entry).length) + 1;
    const response = await fetch(`${publicUrl}/api/v1/payments/webhooks/api-pix/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: Array.from({ length: count }, () => entry) }),
    });
    expect(response.status).toBe(413);
    expect(readBacks()).toBe(before);
    for (const topic of ['rec', 'cobr']) {
      const big = await fetch(`${publicUrl}/api/v1/payments/webhooks/api-pix/${topic}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(API_PIX_NOTICE_MAX_BYTES) }),
      });
      expect(big.status).toBe(413);
    }
  });

  it('the same endToEndId announced twice is recorded once', async () => {
    const { donationId, payment } = await pix(3000);
    bank.control.pay(txidOf(payment.id));
    expect(await bank.control.sendWebhook(txidOf(payment.id))).toBe(204);
    expect(await bank.control.sendWebhook(txidOf(payment.id))).toBe(204);
    expect(await statusOf(donationId)).toBe('confirmed');
    expect(await groupsOf(donationId)).toBe(1);
  });

  it('a lost webhook: the periodic look-up of open payments settles the paid charge', async () => {
    const { donationId, payment } = await pix(1500);
    bank.control.pay(txidOf(payment.id));
    ctx.clock.advance(2 * 60_000);
    await reconcileOnce({ db: db(), clock: ctx.clock, gateways: app.paymentGateways, translator: createTranslator(), config: ctx.config });
    expect(await statusOf(donationId)).toBe('confirmed');
  });

  it('a token the bank drops mid-run (401) is refreshed once, even for calls at the same moment', async () => {
    const issued = bank.control.tokensIssued();
    bank.control.expireTokens();
    const [a, b] = await Promise.all([pix(1100), pix(1200)]);
    expect([a.payment.status, b.payment.status]).toEqual(['pending', 'pending']);
    expect(bank.control.tokensIssued()).toBe(issued + 1);
  });

  it('the bank answering 503 problem+json: the donor reads "try again", and the retry asks for the same charge', async () => {
    bank.control.failNext(1);
    const body = donationBody({ method: 'pix' }, { amount: 1300, address: null });
    const key = newKey();
    const refused = await give(app, campaign.slug, body, { key });
    expect(refused.statusCode).toBe(503);
    const again = await give(app, campaign.slug, body, { key });
    expect(again.statusCode, again.body).toBe(201);
    const payment = await paymentOf(again.json().donation.id as string);
    expect(bank.control.cobs.get(txidOf(payment.id))?.valor.original).toBe('13.00');
  });

  it('a partial refund goes to the bank as a devolução under our refund id and is done once the bank says DEVOLVIDO', async () => {
    const admin = await newSession(ctx.app, { name: 'Beatriz Finanças' });
    await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
    const { donationId, payment } = await pix(5000);
    const e2eid = bank.control.pay(txidOf(payment.id));
    await bank.control.sendWebhook(txidOf(payment.id));
    expect(await statusOf(donationId)).toBe('confirmed');
    const part = await adminRefund(app, admin.token, donationId, 1234);
    expect(part.json()).toMatchObject({ status: 'processing', amount: 1234 });
    const id = (part.json().id as string).replaceAll('-', '');
    const asked = bank.control.requests.find((r) => r.method === 'PUT' && r.path.startsWith(`/api/v2/pix/${e2eid}/devolucao/`));
    expect(asked?.body).toEqual({ valor: '12.34' });
    expect(asked?.path.endsWith(id)).toBe(true);
    const refunds = refundService();
    // Still EM_PROCESSAMENTO at the bank: under way.
    expect((await refunds.process(part.json().id as string)).status).toBe('processing');
    bank.control.settleRefund(asked!.path.split('/').pop()!, 'DEVOLVIDO');
    expect((await refunds.process(part.json().id as string)).status).toBe('succeeded');
    expect(await statusOf(donationId)).toBe('confirmed');
    const puts = bank.control.requests.filter((r) => r.method === 'PUT' && r.path.startsWith(`/api/v2/pix/${e2eid}/devolucao/`));
    expect(puts).toHaveLength(1);
  });

  it('a devolução the bank does not make (NAO_REALIZADO) shows as not done, with its reason', async () => {
    const admin = await newSession(ctx.app, { name: 'Carla Finanças' });
    await grantAdmin(ctx, admin.user.id, ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS']);
    const { donationId, payment } = await pix(2000);
    bank.control.pay(txidOf(payment.id));
    await bank.control.sendWebhook(txidOf(payment.id));
    const part = await adminRefund(app, admin.token, donationId, 500);
    const refundId = part.json().id as string;
    bank.control.settleRefund(`und${refundId.replaceAll('-', '')}`, 'NAO_REALIZADO');
    const refunds = refundService();
    expect(await refunds.process(refundId)).toMatchObject({ status: 'failed', failureReason: 'refund.not_done' });
  });

  it('without the client certificate the bank refuses the connection, and the start-up check says which variables to check', async () => {
    const config = { ...ctx.config.payments.apiPix!, apiUrl: bank.url, tokenUrl: bank.tokenUrl, tls: { ca: certs.ca } };
    const client = createApiPixClient(config, { clock: ctx.clock });
    await expect(client.getWebhook('any')).rejects.toMatchObject({ kind: 'tls', message: expect.stringContaining('PIX_API_CERT') });
    const stranger = createApiPixClient(
      { ...config, tls: { ca: certs.ca, cert: readFileSync(certs.strangerCertPath), key: readFileSync(certs.strangerKeyPath) } },
      { clock: ctx.clock },
    );
    await expect(stranger.getWebhook('any')).rejects.toMatchObject({ kind: 'tls' });
    expect(() =>
      loadConfig(
        withGeneratedSecrets({ DATA_DIR: ctx.dataDir, ...apiPixEnv(bank, certs, credentials), PIX_API_CERT: `${certs.dir}/missing.pem` }),
      ),
    ).toThrow(`PIX_API_CERT=${certs.dir}/missing.pem cannot be read (ENOENT)`);
  });
});
