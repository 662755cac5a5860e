import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donationResultSchema, type DonationResult } from '../../contracts/donations';
import { donations, notifications, savedCards } from '../../server/db/schema';
import { creditWallet, issueGiftCard, walletLots } from '../../server/services/ledger';
import { parsePixBrCode } from '../../server/services/payments/pix/br-code';
import { newSession } from './helpers/fixtures';
import { campaignRaised, createCampaign, donationBody, give, outboxTo, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let campaign: { id: string; slug: string; title: string };

beforeAll(async () => {
  ctx = await createTestContext();
  campaign = await createCampaign(ctx.database.db);
});
afterAll(() => ctx.close());

const result = (body: unknown): DonationResult => donationResultSchema.parse(body);

describe('card donations', () => {
  it('a guest gives by card: 201, confirmed at once, the campaign total moves and a receipt is queued', async () => {
    const before = await campaignRaised(ctx.database.db, campaign.id);
    const token = await sandboxCardToken(ctx.app);
    const email = `guest.${Date.now()}@exemplo.com.br`;
    const response = await give(
      ctx.app,
      campaign.slug,
      donationBody(
        { method: 'card', card_token: token },
        { contact: { name: 'João Pereira', email, cpf: '529.982.247-25', telephone: '(11) 98765-4321' } },
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const answer = result(response.json());
    expect(answer.donation).toMatchObject({
      status: 'confirmed',
      amount: 5000,
      payment_method: 'card',
      campaign: { slug: campaign.slug, title: campaign.title },
      message: 'Força, pessoal!',
    });
    expect(answer.payment).toMatchObject({
      method: 'card',
      status: 'succeeded',
      card_brand: 'visa',
      card_last4: '1111',
      br_code: null,
      sandbox_pay_url: null,
    });
    expect(answer.receipt_token).toEqual(expect.any(String));
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before + 5000);

    const [mail] = await outboxTo(ctx.database.db, email);
    expect(mail?.subject).toBe('Recibo da sua doação de R$ 50,00');
    expect(mail?.text).toContain('Olá, João!');
    expect(mail?.text).toContain(`Campanha: ${campaign.title}`);
    expect(mail?.text).toContain(answer.donation.id);
    expect(mail?.text).toMatch(/Data: \d{2}\/\d{2}\/\d{4}/);
  });

  it('a declined card answers 402 with the translated reason and the donation failed, the total unchanged', async () => {
    const before = await campaignRaised(ctx.database.db, campaign.id);
    const token = await sandboxCardToken(ctx.app, { number: '4000000000000002', cvv: '123' });
    const response = await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: token }));
    expect(response.statusCode).toBe(402);
    const body = response.json() as { message: string; code: string; donation_id: string };
    expect(body).toMatchObject({ message: 'Pagamento recusado pelo banco emissor. Tente outro cartão.', code: 'payment.declined' });
    const [row] = await ctx.database.db.select().from(donations).where(eq(donations.id, body.donation_id));
    expect(row?.status).toBe('failed');
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before);

    const english = await give(
      ctx.app,
      campaign.slug,
      donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app, { number: '4000000000009995', cvv: '123' }) }),
      { locale: 'en' },
    );
    expect(english.statusCode).toBe(402);
    expect(english.json()).toMatchObject({ code: 'payment.insufficient_funds' });
    expect(english.json().message).not.toBe('Saldo ou limite insuficiente no cartão. Tente outro cartão.');
  });

  it('an unknown card token is 400 and writes nothing', async () => {
    const response = await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: 'tok_never_issued' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'card.token_invalid', message: 'Os dados do cartão expiraram. Digite o cartão de novo.' });
  });

  it('a signed-in donor saves the card, gets a notification, then pays with the saved card', async () => {
    const session = await newSession(ctx.app);
    const token = await sandboxCardToken(ctx.app);
    const first = await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: token, save_card: true }), {
      token: session.token,
    });
    expect(first.statusCode, first.body).toBe(201);
    const firstId = result(first.json()).donation.id;
    const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, session.user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'donations',
        metadata: expect.objectContaining({ donation_id: firstId, amount: 5000, campaign: { slug: campaign.slug, title: campaign.title } }),
        read: false,
      }),
    ]);

    const cards = await call(ctx.app, 'GET', '/api/v1/cards', undefined, { token: session.token });
    expect(cards.statusCode).toBe(200);
    expect(cards.json()).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2034, holder_name: 'Maria da Silva' }),
    ]);
    const [stored] = await ctx.database.db.select().from(savedCards).where(eq(savedCards.userId, session.user.id));
    expect(JSON.stringify(stored)).not.toContain('4111111111111111');

    const cardId = (cards.json() as Array<{ id: string }>)[0]!.id;
    const before = await campaignRaised(ctx.database.db, campaign.id);
    const second = await give(ctx.app, campaign.slug, donationBody({ method: 'saved_card', card_id: cardId }, { amount: 2500 }), {
      token: session.token,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(result(second.json()).payment).toMatchObject({ method: 'saved_card', status: 'succeeded', card_last4: '1111' });
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before + 2500);

    // The owner reads the donation without the receipt token.
    const read = await call(ctx.app, 'GET', `/api/v1/donations/${firstId}`, undefined, { token: session.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().receipt_token).toBeUndefined();
  });

  it("another donor's saved card, a deleted one and a guest are refused", async () => {
    const owner = await newSession(ctx.app);
    await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: true }), {
      token: owner.token,
    });
    const cardId = ((await call(ctx.app, 'GET', '/api/v1/cards', undefined, { token: owner.token })).json() as Array<{ id: string }>)[0]!
      .id;
    const stranger = await newSession(ctx.app);
    const theirs = await give(ctx.app, campaign.slug, donationBody({ method: 'saved_card', card_id: cardId }), { token: stranger.token });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'card.saved_not_found', message: 'Cartão salvo não encontrado.' });
    const guest = await give(ctx.app, campaign.slug, donationBody({ method: 'saved_card', card_id: cardId }));
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Você precisa estar logado para utilizar essa funcionalidade.');

    expect((await call(ctx.app, 'DELETE', `/api/v1/cards/${cardId}`, undefined, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/v1/cards/${cardId}`, undefined, { token: owner.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/v1/cards', undefined, { token: owner.token })).json()).toEqual([]);
    const deleted = await give(ctx.app, campaign.slug, donationBody({ method: 'saved_card', card_id: cardId }), { token: owner.token });
    expect(deleted.statusCode).toBe(404);
  });
});

describe('PIX and PayPal', () => {
  it('PIX: pending with a valid BR Code and QR image; paying it in the sandbox confirms it through the signed webhook', async () => {
    const before = await campaignRaised(ctx.database.db, campaign.id);
    const response = await give(ctx.app, campaign.slug, donationBody({ method: 'pix' }, { amount: 7500, address: null }));
    expect(response.statusCode, response.body).toBe(201);
    const answer = result(response.json());
    expect(answer.donation.status).toBe('pending');
    expect(answer.payment.status).toBe('pending');
    expect(answer.payment.qr_code).toMatch(/^data:image\/png;base64,/);
    const parsed = parsePixBrCode(answer.payment.br_code as string);
    expect(parsed.amountCents).toBe(7500);
    // The embedded sandbox's page where a tester pays this very charge.
    expect(answer.payment.sandbox_pay_url).toBe(`/sandbox-gateway/pix/${parsed.txid}`);
    expect((await ctx.app.inject({ method: 'GET', url: answer.payment.sandbox_pay_url as string })).statusCode).toBe(200);
    expect(new Date(answer.payment.expires_at as string).getTime()).toBeGreaterThan(Date.now() + 29 * 60 * 1000);
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before);

    const paid = await ctx.app.inject({ method: 'POST', url: `/sandbox-gateway/v1/pix/${parsed.txid}/simulate-payment` });
    expect(paid.statusCode, paid.body).toBe(200);
    const read = await call(ctx.app, 'GET', `/api/v1/donations/${answer.donation.id}`, undefined, {
      headers: { 'x-receipt-token': answer.receipt_token as string },
    });
    expect(read.statusCode).toBe(200);
    expect(result(read.json())).toMatchObject({ donation: { status: 'confirmed' }, payment: { status: 'succeeded', qr_code: null } });
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before + 7500);
  });

  it('a PIX paid later by webhook sends the receipt in the language the donor gave in', async () => {
    const email = `pix.en.${Date.now()}@exemplo.com.br`;
    const body = donationBody(
      { method: 'pix' },
      { amount: 4000, address: null, contact: { name: 'Mary Silva', email, cpf: '529.982.247-25', telephone: '(11) 98765-4321' } },
    );
    const answer = result((await give(ctx.app, campaign.slug, body, { locale: 'en' })).json());
    const txid = parsePixBrCode(answer.payment.br_code as string).txid as string;
    expect((await ctx.app.inject({ method: 'POST', url: `/sandbox-gateway/v1/pix/${txid}/simulate-payment` })).statusCode).toBe(200);
    const [mail] = await outboxTo(ctx.database.db, email);
    expect(mail?.subject).toBe('Receipt for your donation of R$ 40,00');
  });

  it('a PIX left unpaid past its expiry ends expired and never touches the total', async () => {
    const before = await campaignRaised(ctx.database.db, campaign.id);
    const answer = result((await give(ctx.app, campaign.slug, donationBody({ method: 'pix' }, { address: null }))).json());
    ctx.clock.advance(31 * 60 * 1000);
    const read = await call(ctx.app, 'GET', `/api/v1/donations/${answer.donation.id}`, undefined, {
      headers: { 'x-receipt-token': answer.receipt_token as string },
    });
    expect(result(read.json())).toMatchObject({ donation: { status: 'expired' }, payment: { status: 'expired' } });
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before);
  });

  it('PayPal (foreigners): an approve URL, confirmed once the order is approved', async () => {
    const before = await campaignRaised(ctx.database.db, campaign.id);
    const body = donationBody(
      { method: 'paypal' },
      {
        contact: { foreigner: true, name: 'John Smith', email: 'john.smith@example.com', telephone: '+1 415 555 0100' },
        address: { country: 'US', zip_code: '94103', state: 'CA', city: 'San Francisco', street_address: 'Market St', house_number: '1' },
      },
    );
    const response = await give(ctx.app, campaign.slug, body);
    expect(response.statusCode, response.body).toBe(201);
    const answer = result(response.json());
    expect(answer.payment.status).toBe('pending');
    const orderId = /orders\/([^/]+)\/approve/.exec(answer.payment.approve_url as string)?.[1];
    expect(orderId).toBeTruthy();
    const approved = await ctx.app.inject({ method: 'POST', url: `/sandbox-gateway/paypal/orders/${orderId}/approve` });
    expect(approved.statusCode).toBeLessThan(400);
    // Back to the thank-you page, which offers to share this campaign.
    expect(approved.headers.location).toBe(`/doacao-confirmacao/agradecimento?donation=${answer.donation.id}&campaign=${campaign.slug}`);
    const read = await call(ctx.app, 'GET', `/api/v1/donations/${answer.donation.id}`, undefined, {
      headers: { 'x-receipt-token': answer.receipt_token as string },
    });
    expect(result(read.json()).donation.status).toBe('confirmed');
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before + 5000);
  });

  it('PayPal to the general fund: cancelling sends the donor back to /doacao-pix with the error, nothing counted', async () => {
    const body = donationBody(
      { method: 'paypal' },
      {
        contact: { foreigner: true, name: 'John Smith', email: 'john.smith@example.com', telephone: '+1 415 555 0100' },
        address: { country: 'US', zip_code: '94103', state: 'CA', city: 'San Francisco', street_address: 'Market St', house_number: '1' },
      },
    );
    const answer = result((await give(ctx.app, null, body)).json());
    expect(answer.donation.campaign).toBeNull();
    const orderId = /orders\/([^/]+)\/approve/.exec(answer.payment.approve_url as string)?.[1];
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/sandbox-gateway/paypal/orders/${orderId}/cancel` });
    expect(cancelled.headers.location).toBe('/doacao-pix?error=paypal_cancelled');
    const read = await call(ctx.app, 'GET', `/api/v1/donations/${answer.donation.id}`, undefined, {
      headers: { 'x-receipt-token': answer.receipt_token as string },
    });
    expect(result(read.json()).donation.status).toBe('failed');
  });
});

describe('gift card and wallet', () => {
  it('a gift card code pays at once, from its balance; used up it reads "Gift-card não encontrado"', async () => {
    const card = await ctx.database.db.transaction((tx) =>
      issueGiftCard(tx, { valueCents: 8000, expiresAt: new Date(Date.now() + 100 * DAY_MS) }),
    );
    const before = await campaignRaised(ctx.database.db, campaign.id);
    const first = await give(
      ctx.app,
      null,
      donationBody({ method: 'gift_card', code: card.code.toUpperCase() }, { campaign_slug: campaign.slug, amount: 5000 }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(result(first.json())).toMatchObject({
      donation: { status: 'confirmed', payment_method: 'gift_card' },
      payment: { status: 'succeeded' },
    });
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before + 5000);
    expect((await call(ctx.app, 'GET', `/api/v1/gift-cards/${card.code}`)).json()).toEqual({
      balance: 3000,
      expires_at: card.expiresAt.toISOString(),
    });

    const tooMuch = await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: card.code }, { amount: 5000 }));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({ code: 'gift_card.insufficient', message: 'O saldo do gift-card não cobre esta doação.' });
    expect((await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: card.code }, { amount: 3000 }))).statusCode).toBe(
      201,
    );
    const usedUp = await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: card.code }, { amount: 500 }));
    expect(usedUp.statusCode).toBe(404);
    expect(usedUp.json()).toEqual({ code: 'gift_card.not_found', message: 'Gift-card não encontrado' });
    expect((await call(ctx.app, 'GET', `/api/v1/gift-cards/${card.code}`)).statusCode).toBe(404);
  });

  it('GET /gift-cards/{code}: a code that is not a UUID is 400 "Código inserido é inválido", an unknown one 404', async () => {
    const invalid = await call(ctx.app, 'GET', '/api/v1/gift-cards/abc-123');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ code: 'validation.failed', message: ['Código inserido é inválido'] });
    const unknown = await call(ctx.app, 'GET', '/api/v1/gift-cards/0b9e8c3a-1d2e-4f5a-8b7c-6d5e4f3a2b1c');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'gift_card.not_found', message: 'Gift-card não encontrado' });
  });

  it('the wallet pays from the lot that expires first; short of money it is 422 and nothing moves', async () => {
    const session = await newSession(ctx.app);
    const userId = session.user.id;
    await ctx.database.db.transaction(async (tx) => {
      await creditWallet(tx, {
        userId,
        amountCents: 6000,
        origin: 'gift_card',
        expiresAt: new Date(Date.now() + 150 * DAY_MS),
        from: { kind: 'gateway_clearing', gateway: 'sandbox' },
        reference: `test-late:${userId}`,
      });
      await creditWallet(tx, {
        userId,
        amountCents: 4000,
        origin: 'monthly_credit',
        expiresAt: new Date(Date.now() + 20 * DAY_MS),
        from: { kind: 'gateway_clearing', gateway: 'sandbox' },
        reference: `test-soon:${userId}`,
      });
    });
    const balance = async () =>
      (await call(ctx.app, 'GET', `/api/v1/donors/${userId}/wallets/balance`, undefined, { token: session.token })).json();
    expect(await balance()).toEqual({ data: 10_000 });
    const before = await campaignRaised(ctx.database.db, campaign.id);

    const spent = await give(ctx.app, campaign.slug, donationBody({ method: 'wallet' }, { amount: 5000 }), { token: session.token });
    expect(spent.statusCode, spent.body).toBe(201);
    expect(result(spent.json())).toMatchObject({ donation: { status: 'confirmed', payment_method: 'wallet' } });
    expect(await balance()).toEqual({ data: 5000 });
    const lots = await walletLots(ctx.database.db, userId, ctx.clock.now());
    expect(lots.map((l) => [l.origin, l.remainingCents])).toEqual([['gift_card', 5000]]);
    expect(await campaignRaised(ctx.database.db, campaign.id)).toBe(before + 5000);

    const short = await give(ctx.app, campaign.slug, donationBody({ method: 'wallet' }, { amount: 5001 }), { token: session.token });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ code: 'wallet.insufficient', message: 'Seu saldo não cobre esta doação.' });
    expect(await balance()).toEqual({ data: 5000 });

    const guest = await give(ctx.app, campaign.slug, donationBody({ method: 'wallet' }));
    expect(guest.statusCode).toBe(401);
  });
});
