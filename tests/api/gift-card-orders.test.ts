import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardOrderResultSchema, type GiftCardOrderRequestInput } from '../../contracts/gift-card-orders';
import { donations, giftCardOrders, giftCards, mailOutbox, payments } from '../../server/db/schema';
import { settleExpiredCredit } from '../../server/services/wallet/settle-expired';
import { checkOrderInvariants } from '../../server/services/gift-cards/orders/order-ledger';
import { checkAndAlertOrderInvariants } from '../../server/services/gift-cards/orders/invariant-alert';
import { createTranslator } from '../../server/i18n/translator';
import { deliverDueGiftCards } from '../../server/services/gift-cards/orders/deliver-gift-cards';
import { accountBalance, creditWallet, postLedgerGroup, walletBalance } from '../../server/services/ledger';
import { SANDBOX_TEST_CARDS } from '../../server/services/payments/sandbox/test-cards';
import { grantAdmin, newSession } from './helpers/fixtures';
import { brazilianAddress, createCampaign, donationBody, give, newKey, outboxTo, personContact, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const HOUR_MS = 60 * 60 * 1000;
const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@exemplo.com.br`;
const recipient = (name: string, to = email(name.toLowerCase().replace(/\s+/g, '.'))) => ({ name, email: to, email_confirmation: to });

function orderBody(
  payment: GiftCardOrderRequestInput['payment'],
  definition: Partial<GiftCardOrderRequestInput['definition']> = {},
  overrides: Partial<GiftCardOrderRequestInput> = {},
): GiftCardOrderRequestInput {
  return {
    definition: {
      value: 5000,
      quantity: 2,
      template: 'girassol',
      message: 'Feliz aniversário! Escolha uma causa.',
      from: 'Maria',
      shipping: { mode: 'email_now' },
      recipients: [recipient('Ana Souza'), recipient('Bruno Lima')],
      ...definition,
    },
    contact: { ...personContact, email: email('maria') },
    payment,
    address: { ...brazilianAddress },
    ...overrides,
  };
}

const order = (body: unknown, options: { key?: string; token?: string; locale?: string } = {}) =>
  call(ctx.app, 'POST', '/api/v1/gift-card-orders', body, {
    token: options.token,
    locale: options.locale,
    headers: { 'idempotency-key': options.key ?? newKey() },
  });
const read = (id: string, options: { receipt?: string; token?: string } = {}) =>
  call(ctx.app, 'GET', `/api/v1/gift-card-orders/${id}`, undefined, {
    token: options.token,
    headers: options.receipt ? { 'x-receipt-token': options.receipt } : {},
  });
const parsed = (body: unknown) => giftCardOrderResultSchema.parse(body);
const orderCount = async () => Number((await db().select({ n: count() }).from(giftCardOrders))[0]?.n ?? 0);
const cardsOf = (orderId: string) => db().select().from(giftCards).where(eq(giftCards.orderId, orderId)).orderBy(giftCards.position);

describe('buying gift cards', () => {
  it('by card, sent now: paid at once, each recipient gets the card’s e-mail, the buyer a receipt, the money on the cards', async () => {
    const body = orderBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false });
    const key = newKey();
    const response = await order(body, { key });
    expect(response.statusCode, response.body).toBe(201);
    const answer = parsed(response.json());
    expect(answer.order).toMatchObject({ status: 'paid', value: 5000, quantity: 2, total: 10_000, shipping_mode: 'email_now' });
    expect(answer.payment).toMatchObject({ method: 'card', status: 'succeeded', card_last4: '1111' });
    // Sent by e-mail, a card is its recipient's: the buyer sees who got it, never its code.
    expect(answer.order.cards.map((c) => [c.recipient_name, c.delivery, c.code])).toEqual([
      ['Ana Souza', 'sent', null],
      ['Bruno Lima', 'sent', null],
    ]);

    const cards = await cardsOf(answer.order.id);
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(await accountBalance(db(), { kind: 'gift_card', giftCardId: card.id })).toBe(5000);
      const [mail] = await outboxTo(db(), card.recipientEmail as string);
      expect(mail?.subject).toBe('Maria enviou para você um gift card Semear de R$ 50,00');
      expect(mail?.text).toContain(`Código: ${card.code}`);
      expect(mail?.text).toContain('“Feliz aniversário! Escolha uma causa.”');
      expect(mail?.text).toMatch(/Válido até \d{1,2} de [a-zç]+ de \d{4}\./);
      expect(mail?.html).toContain(`href="http://semear.test/gift-card/resgatar?code=${card.code}"`);
      expect(mail?.html).toContain('Usar agora');
    }
    const [receipt] = await outboxTo(db(), body.contact.email as string);
    expect(receipt?.subject).toBe('Pagamento confirmado: 2 gift cards Semear');
    expect(receipt?.text).toContain('Recebemos R$ 100,00 por 2 gift cards de R$ 50,00, válidos até');
    // The receipt leads back to the order's page.
    expect(receipt?.text).toContain(
      `Acompanhe o pedido e cada cartão: http://semear.test/gift-card/agradecimento?type=email_now&order=${answer.order.id}`,
    );

    // The same key again is the same order, answered the same; nothing is charged or issued twice.
    const again = await order(body, { key });
    expect(again.statusCode).toBe(201);
    expect(parsed(again.json()).order.id).toBe(answer.order.id);
    expect(await cardsOf(answer.order.id)).toHaveLength(2);

    expect((await read(answer.order.id, { receipt: answer.receipt_token })).statusCode).toBe(200);
    expect((await read(answer.order.id)).statusCode).toBe(404);
    expect((await read(answer.order.id, { receipt: 'not-the-token' })).statusCode).toBe(404);
  });

  it('by PIX with a scheduled send: pending until paid, then issued; the e-mails go out at the chosen time, once', async () => {
    const sendAt = new Date(ctx.clock.now().getTime() + 5 * HOUR_MS).toISOString();
    const body = orderBody(
      { method: 'pix' },
      { quantity: 1, recipients: [recipient('Carla Dias')], shipping: { mode: 'email_scheduled', send_at: sendAt } },
      { address: null },
    );
    const to = body.definition.recipients?.[0] as { email: string };
    const response = await order(body);
    expect(response.statusCode, response.body).toBe(201);
    const answer = parsed(response.json());
    expect(answer.order.status).toBe('pending');
    expect(answer.order.cards).toEqual([]);
    expect(answer.payment.br_code).toBeTruthy();

    const txid = (answer.payment.sandbox_pay_url as string).split('/').pop() as string;
    const paid = await ctx.app.inject({ method: 'POST', url: `/sandbox-gateway/v1/pix/${txid}/simulate-payment` });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = parsed((await read(answer.order.id, { receipt: answer.receipt_token })).json());
    expect(after.order.status).toBe('paid');
    expect(after.order.cards[0]).toMatchObject({ delivery: 'scheduled', deliver_at: sendAt, code: null });
    expect(await outboxTo(db(), to.email)).toHaveLength(0);
    const [receipt] = await outboxTo(db(), body.contact.email as string);
    expect(receipt?.subject).toBe('Pagamento confirmado: 1 gift card Semear');
    expect(receipt?.text).toMatch(/Recebemos R\$ \d+,\d{2} por 1 gift card de R\$ \d+,\d{2}, válido até /);

    const deps = { db: db(), translator: createTranslator(), config: ctx.config };
    await deliverDueGiftCards(deps, ctx.clock.now());
    expect(await outboxTo(db(), to.email)).toHaveLength(0);
    ctx.clock.advance(5 * HOUR_MS + 1000);
    await deliverDueGiftCards(deps, ctx.clock.now());
    await deliverDueGiftCards(deps, ctx.clock.now());
    expect(await outboxTo(db(), to.email)).toHaveLength(1);
    expect(parsed((await read(answer.order.id, { receipt: answer.receipt_token })).json()).order.cards[0]?.delivery).toBe('sent');
  });

  it('as a printable PDF: the buyer gets the codes, nobody else an e-mail', async () => {
    const body = orderBody(
      { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
      {
        quantity: 3,
        shipping: { mode: 'pdf' },
        recipients: [],
      },
    );
    const answer = parsed((await order(body)).json());
    expect(answer.order.cards).toHaveLength(3);
    expect(answer.order.cards.every((c) => c.delivery === 'pdf' && /^[0-9a-f-]{36}$/.test(c.code ?? ''))).toBe(true);
    // The receipt carries the codes, so they are not lost with the tab that bought them.
    const [receipt] = await outboxTo(db(), body.contact.email as string);
    for (const card of answer.order.cards) expect(receipt?.text).toContain(card.code as string);
  });

  it('the printable PDF: A4 pages of 8 cards, each with its code, for the buyer only, as often as asked', async () => {
    const body = orderBody(
      { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
      {
        quantity: 9,
        shipping: { mode: 'pdf' },
        recipients: [],
      },
    );
    const answer = parsed((await order(body)).json());
    const pdfOf = (receipt?: string) =>
      call(ctx.app, 'GET', `/api/v1/gift-card-orders/${answer.order.id}/cards.pdf`, undefined, {
        headers: receipt ? { 'x-receipt-token': receipt } : {},
      });
    const response = await pdfOf(answer.receipt_token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="semear-gift-cards-[0-9a-f]{8}\.pdf"$/);
    const document = await PDFDocument.load(response.rawPayload);
    expect(document.getPageCount()).toBe(2);
    const [width, height] = [document.getPage(0).getWidth(), document.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const again = await pdfOf(answer.receipt_token);
    expect(again.statusCode).toBe(200);
    expect((await pdfOf()).statusCode).toBe(404);

    const csv = await call(ctx.app, 'GET', `/api/v1/gift-card-orders/${answer.order.id}/codes.csv`, undefined, {
      headers: { 'x-receipt-token': answer.receipt_token as string },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nº;Código;Valor;Válido até;Recebedor;Link para usar');
    expect(lines).toHaveLength(10);
    expect(lines[1]).toContain(answer.order.cards[0]?.code as string);

    // An order sent by e-mail has nothing to print until the buyer cancels a send.
    const byEmail = parsed(
      (await order(orderBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false }))).json(),
    );
    const none = await call(ctx.app, 'GET', `/api/v1/gift-card-orders/${byEmail.order.id}/cards.pdf`, undefined, {
      headers: { 'x-receipt-token': byEmail.receipt_token as string },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Este pedido não tem cartões para imprimir.');

    // Once a send is cancelled its card is the buyer's to print, its name a text cell even when it reads like a formula.
    const formula = parsed(
      (
        await order(
          orderBody(
            { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
            {
              quantity: 1,
              shipping: { mode: 'email_scheduled', send_at: new Date(ctx.clock.now().getTime() + HOUR_MS).toISOString() },
              recipients: [recipient('=2+3', email('formula'))],
            },
          ),
        )
      ).json(),
    );
    const headers = { 'x-receipt-token': formula.receipt_token as string };
    expect(
      (await call(ctx.app, 'PATCH', `/api/v1/gift-card-orders/${formula.order.id}/cards/0`, { deliver_at: null }, { headers })).statusCode,
    ).toBe(200);
    const safe = await call(ctx.app, 'GET', `/api/v1/gift-card-orders/${formula.order.id}/codes.csv`, undefined, { headers });
    expect(safe.body).toContain(";'=2+3;");
  });

  it('from the wallet of a signed-in donor: the wallet pays, the cards are filled', async () => {
    const donor = await newSession(ctx.app);
    await db().transaction((tx) =>
      creditWallet(tx, {
        userId: donor.user.id,
        amountCents: 20_000,
        origin: 'monthly_credit',
        expiresAt: new Date(ctx.clock.now().getTime() + 30 * 24 * HOUR_MS),
        from: { kind: 'gateway_clearing', gateway: 'sandbox' },
        reference: `test_credit:${donor.user.id}`,
      }),
    );
    const response = await order(orderBody({ method: 'wallet' }, { value: 6000 }), { token: donor.token });
    expect(response.statusCode, response.body).toBe(201);
    const answer = parsed(response.json());
    expect(answer.order.status).toBe('paid');
    expect(await walletBalance(db(), donor.user.id, ctx.clock.now())).toBe(8000);
    expect((await read(answer.order.id, { token: donor.token })).statusCode).toBe(200);
    const other = await newSession(ctx.app);
    expect((await read(answer.order.id, { token: other.token })).statusCode).toBe(404);
  });

  it('a declined card: 402 with the reason, the order failed and no card issued', async () => {
    const token = await sandboxCardToken(ctx.app, SANDBOX_TEST_CARDS.declined);
    const response = await order(orderBody({ method: 'card', card_token: token, save_card: false }));
    expect(response.statusCode).toBe(402);
    const { gift_card_order_id: id, message } = response.json() as { gift_card_order_id: string; message: string };
    expect(message).toMatch(/^Pagamento recusado pelo banco emissor/);
    expect(await cardsOf(id)).toHaveLength(0);
    const [row] = await db().select().from(giftCardOrders).where(eq(giftCardOrders.id, id));
    expect(row?.status).toBe('failed');
  });
});

describe('refused orders write nothing', () => {
  const cases: Array<[string, () => Promise<unknown>, number, string]> = [
    [
      'a value below R$ 30,00',
      async () => orderBody({ method: 'pix' }, { value: 2900 }, { address: null }),
      400,
      'Valor menor que o permitido',
    ],
    [
      'no value',
      async () => orderBody({ method: 'pix' }, { value: undefined as unknown as number }, { address: null }),
      400,
      'O valor é obrigatório',
    ],
    [
      'the same recipient twice',
      async () => {
        const twice = recipient('Ana Souza');
        return orderBody({ method: 'pix' }, { recipients: [twice, twice] }, { address: null });
      },
      400,
      'Apague os recebedores duplicados',
    ],
    ['paying with a gift card', async () => orderBody({ method: 'gift_card', code: randomUUID() }), 400, 'Escolha uma forma de pagamento'],
    [
      'a send in the past',
      async () =>
        orderBody(
          { method: 'pix' },
          { shipping: { mode: 'email_scheduled', send_at: new Date(ctx.clock.now().getTime() - HOUR_MS).toISOString() } },
          { address: null },
        ),
      400,
      'O envio precisa ser depois de agora',
    ],
    [
      'the wallet without signing in',
      async () => orderBody({ method: 'wallet' }),
      401,
      'Você precisa estar logado para utilizar essa funcionalidade.',
    ],
  ];
  it.each(cases)('%s', async (_name, body, status, message) => {
    const before = await orderCount();
    const paymentsBefore = Number((await db().select({ n: count() }).from(payments))[0]?.n ?? 0);
    const response = await order(await body());
    expect(response.statusCode, response.body).toBe(status);
    expect(JSON.stringify(response.json().message)).toContain(message);
    expect(await orderCount()).toBe(before);
    expect(Number((await db().select({ n: count() }).from(payments))[0]?.n ?? 0)).toBe(paymentsBefore);
  });

  it('says it in English and Spanish too', async () => {
    const body = orderBody({ method: 'pix' }, { value: 2900 }, { address: null });
    expect((await order(body, { locale: 'en' })).json().message).toEqual(['Amount below the minimum allowed']);
    expect((await order(body, { locale: 'es' })).json().message).toEqual(['Monto menor que el permitido']);
  });
});

describe("changing a card's delivery", () => {
  const patch = (id: string, position: number, body: unknown, receipt?: string) =>
    call(ctx.app, 'PATCH', `/api/v1/gift-card-orders/${id}/cards/${position}`, body, {
      headers: receipt ? { 'x-receipt-token': receipt } : {},
    });

  it('before the send: moved, cancelled (the buyer gets the code) or corrected; after it, only a bounced e-mail is corrected, and gets the same card', async () => {
    const sendAt = new Date(ctx.clock.now().getTime() + 2 * HOUR_MS).toISOString();
    const typo = email('ana.typo');
    const body = orderBody(
      { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
      {
        quantity: 3,
        recipients: [recipient('Ana Souza', typo), recipient('Bruno Lima'), recipient('Carla Dias')],
        shipping: { mode: 'email_scheduled', send_at: sendAt },
      },
    );
    const { order: placed, receipt_token: receipt } = parsed((await order(body)).json());
    const [cardAna, cardBruno] = await cardsOf(placed.id);

    const later = new Date(ctx.clock.now().getTime() + 30 * HOUR_MS).toISOString();
    const moved = await patch(placed.id, 1, { deliver_at: later }, receipt);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(parsed(moved.json()).order.cards[1]).toMatchObject({ delivery: 'scheduled', deliver_at: later });

    const cancelled = parsed((await patch(placed.id, 2, { deliver_at: null }, receipt)).json());
    expect(cancelled.order.cards[2]?.delivery).toBe('cancelled');
    expect(cancelled.order.cards[2]?.code).toMatch(/^[0-9a-f-]{36}$/);

    // Ana's card goes out at its time to the address typed, which was wrong. While nothing says it went
    // astray it stays hers (the buyer cannot take a card back by changing its address); once it bounces,
    // corrected, the same card goes again.
    ctx.clock.advance(2 * HOUR_MS + 1000);
    const deps = { db: db(), translator: createTranslator(), config: ctx.config };
    await deliverDueGiftCards(deps, ctx.clock.now());
    expect(await outboxTo(db(), typo)).toHaveLength(1);
    expect(await outboxTo(db(), (body.definition.recipients?.[1] as { email: string }).email)).toHaveLength(0);
    const right = email('ana.right');
    const takenBack = await patch(placed.id, 0, { recipient_email: body.contact.email }, receipt);
    expect(takenBack.statusCode).toBe(409);
    expect(takenBack.json().message).toBe(
      'Este cartão já foi entregue e não muda de destinatário. Só um e-mail que voltou pode ser corrigido.',
    );
    expect((await patch(placed.id, 0, { recipient_name: 'Outra Pessoa' }, receipt)).statusCode).toBe(409);
    await db().update(mailOutbox).set({ status: 'bounced' }).where(eq(mailOutbox.to, typo));
    const resent = await patch(placed.id, 0, { recipient_email: right }, receipt);
    expect(resent.statusCode, resent.body).toBe(200);
    const [mail] = await outboxTo(db(), right);
    expect(mail?.text).toContain(`Código: ${cardAna?.code}`);
    expect((await cardsOf(placed.id))[0]?.code).toBe(cardAna?.code);

    // A sent card cannot be moved, and the corrected address, delivered, is final.
    expect((await patch(placed.id, 0, { deliver_at: later }, receipt)).statusCode).toBe(409);
    expect((await patch(placed.id, 0, { recipient_email: email('outro') }, receipt)).json().message).toBe(
      'Este cartão já foi entregue e não muda de destinatário. Só um e-mail que voltou pode ser corrigido.',
    );
    expect(cardBruno?.deliveredAt).toBeNull();

    // Bruno's, moved to tomorrow, can go now instead.
    const now = await patch(placed.id, 1, { send_now: true }, receipt);
    expect(parsed(now.json()).order.cards[1]?.delivery).toBe('sent');
    expect(await outboxTo(db(), (body.definition.recipients?.[1] as { email: string }).email)).toHaveLength(1);
    expect((await patch(placed.id, 1, { send_now: true }, receipt)).statusCode).toBe(409);
  });

  it('refuses what it cannot do, and anyone but the buyer', async () => {
    const sendAt = new Date(ctx.clock.now().getTime() + 2 * HOUR_MS).toISOString();
    const body = orderBody(
      { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
      { shipping: { mode: 'email_scheduled', send_at: sendAt } },
    );
    const { order: placed, receipt_token: receipt } = parsed((await order(body)).json());
    expect((await patch(placed.id, 0, { deliver_at: null })).statusCode).toBe(404);
    expect((await patch(placed.id, 0, { deliver_at: null }, 'someone-else')).statusCode).toBe(404);
    expect((await patch(placed.id, 0, {}, receipt)).statusCode).toBe(400);
    expect((await patch(placed.id, 9, { deliver_at: null }, receipt)).statusCode).toBe(404);
    const past = await patch(placed.id, 0, { deliver_at: new Date(ctx.clock.now().getTime() - HOUR_MS).toISOString() }, receipt);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toEqual(['O envio precisa ser depois de agora']);
    expect(parsed((await read(placed.id, { receipt })).json()).order.cards[0]?.deliver_at).toBe(sendAt);

    const pdf = parsed(
      (
        await order(
          orderBody(
            { method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false },
            { quantity: 1, shipping: { mode: 'pdf' }, recipients: [] },
          ),
        )
      ).json(),
    );
    expect((await patch(pdf.order.id, 0, { deliver_at: null }, pdf.receipt_token)).statusCode).toBe(409);
  });
});

describe('at the cards’ expiry', () => {
  it('what is left on each card is donated once; a guest buyer gets the receipt naming the cause; every real is accounted for', async () => {
    const body = orderBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false });
    const { order: placed, receipt_token: receipt } = parsed((await order(body)).json());
    const [kept, spent] = await cardsOf(placed.id);
    // One card goes into a wallet; the other pays R$ 20,00 of a donation by its code.
    const donor = await newSession(ctx.app);
    expect((await call(ctx.app, 'POST', '/api/v1/gift-cards/redemptions', { code: kept?.code }, { token: donor.token })).statusCode).toBe(
      200,
    );
    const campaign = await createCampaign(ctx.database.db);
    const gave = await give(ctx.app, campaign.slug, donationBody({ method: 'gift_card', code: spent?.code as string }, { amount: 2000 }));
    expect(gave.statusCode, gave.body).toBe(201);

    ctx.clock.advance(190 * 24 * HOUR_MS);
    const deps = { db: db(), translator: createTranslator(), config: ctx.config };
    await settleExpiredCredit(deps, ctx.clock.now());
    await settleExpiredCredit(deps, ctx.clock.now());

    const automatic = await db()
      .select()
      .from(donations)
      .where(eq(donations.automaticSource, `gift_card:${spent?.id}`));
    expect(automatic.map((d) => d.amountCents)).toEqual([3000]);
    const receipts = (await outboxTo(db(), body.contact.email as string)).filter((m) =>
      m.subject.startsWith('Seu crédito de R$ 30,00 virou doação'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe('Seu crédito de R$ 30,00 virou doação para o fundo geral do Semear');
    expect(receipts[0]?.text).toContain('O vale-presente que você comprou venceu em');

    // Purchased = redeemed into a wallet + spent by code + donated at expiry + what is still on the cards.
    const balances = await Promise.all(
      [kept, spent].map((card) => accountBalance(db(), { kind: 'gift_card', giftCardId: card?.id as string })),
    );
    expect(balances).toEqual([0, 0]);
    const read = parsed(
      (
        await call(ctx.app, 'GET', `/api/v1/gift-card-orders/${placed.id}`, undefined, {
          headers: { 'x-receipt-token': receipt as string },
        })
      ).json(),
    );
    expect(read.order.money).toEqual({
      purchased: 10_000,
      redeemed: 5000,
      spent: 2000,
      donated_on_expiry: 3000,
      reversed: 0,
      outstanding: 0,
    });
    // The batch page's counts, and the causes the cards' own money reached (the redeemed card's is its holder's now).
    expect(read.order.stats).toEqual({
      issued: 2,
      delivered: 2,
      bounced: 0,
      scheduled: 0,
      redeemed: 1,
      spent: 1,
      expired: 1,
      donated_on_expiry: 1,
      causes: [
        { slug: null, title: null, amount: 3000 },
        { slug: campaign.slug, title: campaign.title, amount: 2000 },
      ],
    });
    expect(await checkOrderInvariants(db())).toEqual([]);
  });
});

describe('the same purchase sent many times at once', () => {
  it('50 concurrent requests with one Idempotency-Key: one order, one charge, its cards issued once, every answer the same', async () => {
    const body = orderBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false });
    const key = newKey();
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(body, { key })));
    const statuses = new Set(answers.map((a) => a.statusCode));
    expect([...statuses]).toEqual([201]);
    const ids = new Set(answers.map((a) => parsed(a.json()).order.id));
    expect(ids.size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    const [id] = [...ids];
    expect(await cardsOf(id as string)).toHaveLength(2);
    const charged = await db()
      .select()
      .from(payments)
      .where(eq(payments.giftCardOrderId, id as string));
    expect(charged).toHaveLength(1);
  });
});

describe('the orders’ invariant', () => {
  it('names an order whose cards’ money moved in a way no order allows', async () => {
    const { order: placed } = parsed(
      (await order(orderBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: false }))).json(),
    );
    expect((await checkOrderInvariants(db())).map((b) => b.orderId)).not.toContain(placed.id);
    const [card] = await cardsOf(placed.id);
    await db().transaction((tx) =>
      postLedgerGroup(tx, {
        kind: 'wallet_credit',
        reference: `test_rogue:${card?.id}`,
        lines: [
          { account: { kind: 'gift_card', giftCardId: card?.id as string }, amountCents: -1000 },
          { account: { kind: 'general_fund' }, amountCents: 1000 },
        ],
      }),
    );
    const [breach] = (await checkOrderInvariants(db())).filter((b) => b.orderId === placed.id);
    expect(breach?.money).toMatchObject({ purchased: 10_000, other: -1000, outstanding: 9000 });

    // The hourly job pages whoever runs the money (MANAGE_FINANCES), not the rest of the team.
    const finance = await newSession(ctx.app);
    await grantAdmin(ctx, finance.user.id, ['MANAGE_FINANCES']);
    const campaigns = await newSession(ctx.app);
    await grantAdmin(ctx, campaigns.user.id, ['MANAGE_CAMPAIGNS']);
    await checkAndAlertOrderInvariants({ db: db(), translator: createTranslator() }, ctx.clock.now());
    const [page] = await outboxTo(db(), finance.input.email);
    expect(page?.subject).toMatch(/^Semear: (1 pedido|\d+ pedidos) de gift card com o dinheiro fora do lugar$/);
    expect(page?.text).toContain(
      `Pedido ${placed.id}: total R$ 100,00, comprado R$ 100,00, ainda nos cartões R$ 90,00, movimentos fora das regras -R$ 10,00`,
    );
    expect(await outboxTo(db(), campaigns.input.email)).toEqual([]);
  });
});
