import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../contracts/notifications';
import { notifications } from '../../server/db/schema';
import { issueGiftCard } from '../../server/services/ledger';
import { notifyDonor } from '../../server/services/notifications/create-notification';
import { notifyGiftCardReceived } from '../../server/services/notifications/gift-card-received';
import { newSession } from './helpers/fixtures';
import { outboxTo } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const list = (token: string, query = '') => call(ctx.app, 'GET', `/api/v1/notifications${query}`, undefined, { token });
const prefer = (token: string, types: string[], channels: string[]) =>
  call(ctx.app, 'PUT', '/api/v1/notification-preferences', { types: types.map((type) => ({ type })), channels }, { token });
const mailTo = (to: string) => ({ to, subject: 'Sua cobrança mensal', text: 'Cobramos R$ 20,00.' });
const tell = (userId: string, to: string, extra: { dedupeKey?: string } = {}) =>
  ctx.database.db.transaction((tx) =>
    notifyDonor(tx, {
      userId,
      type: 'monthly_charge_succeeded',
      metadata: { amount: 2000 },
      now: ctx.clock.now(),
      email: mailTo(to),
      ...extra,
    }),
  );

describe('notifyDonor', () => {
  it('by default tells in-app and by e-mail; a dedupeKey tells once however often it runs', async () => {
    const donor = await newSession(ctx.app);
    expect(await tell(donor.user.id, donor.input.email, { dedupeKey: 'charge:1' })).toBe(true);
    expect(await tell(donor.user.id, donor.input.email, { dedupeKey: 'charge:1' })).toBe(false);
    expect(await tell(donor.user.id, donor.input.email)).toBe(true);
    const shown = (await list(donor.token)).json() as Notification[];
    expect(shown.map((n) => n.type)).toEqual(['monthly_charge_succeeded', 'monthly_charge_succeeded']);
    expect(await outboxTo(ctx.database.db, donor.input.email)).toHaveLength(2);
  });

  it('a muted type is told nowhere', async () => {
    const donor = await newSession(ctx.app);
    await prefer(donor.token, ['donations'], ['in_app', 'email']);
    expect(await tell(donor.user.id, donor.input.email)).toBe(false);
    expect(await tell(donor.user.id, donor.input.email, { dedupeKey: 'charge:2' })).toBe(false);
    expect((await list(donor.token)).json()).toEqual([]);
    expect(await outboxTo(ctx.database.db, donor.input.email)).toEqual([]);
  });

  it('without the e-mail channel nothing is queued; without in-app nothing is listed, yet a dedupeKey still tells once', async () => {
    const inAppOnly = await newSession(ctx.app);
    await prefer(inAppOnly.token, ['monthly_charge_succeeded'], ['in_app']);
    await tell(inAppOnly.user.id, inAppOnly.input.email);
    expect((await list(inAppOnly.token)).json()).toHaveLength(1);
    expect(await outboxTo(ctx.database.db, inAppOnly.input.email)).toEqual([]);

    const mailOnly = await newSession(ctx.app);
    await prefer(mailOnly.token, ['monthly_charge_succeeded'], ['email']);
    expect(await tell(mailOnly.user.id, mailOnly.input.email, { dedupeKey: 'charge:3' })).toBe(true);
    expect(await tell(mailOnly.user.id, mailOnly.input.email, { dedupeKey: 'charge:3' })).toBe(false);
    await tell(mailOnly.user.id, mailOnly.input.email);
    expect(await outboxTo(ctx.database.db, mailOnly.input.email)).toHaveLength(2);
    const listed = await list(mailOnly.token);
    expect(listed.json()).toEqual([]);
    expect(listed.headers['x-total-count']).toBe('0');
    // The hidden "already told" marker cannot be marked either.
    const [marker] = await ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, mailOnly.user.id));
    const patched = await call(
      ctx.app,
      'PATCH',
      '/api/v1/notifications',
      { notification_id: [marker!.id], read: false },
      { token: mailOnly.token },
    );
    expect(patched.statusCode).toBe(404);
  });
});

describe('a gift card for a registered donor', () => {
  it('tells the recipient in-app and by e-mail, with who sent it, once per card', async () => {
    const buyer = await newSession(ctx.app, { name: 'Ana Compradora' });
    const recipient = await newSession(ctx.app, { name: 'Rita Recebedora' });
    const expiresAt = new Date(ctx.clock.now().getTime() + 180 * DAY_MS);
    const card = await ctx.database.db.transaction((tx) =>
      issueGiftCard(tx, {
        valueCents: 5000,
        expiresAt,
        buyerUserId: buyer.user.id,
        recipientName: 'Rita',
        recipientEmail: ` ${recipient.input.email.toUpperCase()} `,
        message: 'Boas doações!',
        now: ctx.clock.now(),
      }),
    );
    const [notice] = (await list(recipient.token)).json() as Notification[];
    expect(notice).toMatchObject({
      type: 'gift_card_received',
      read: false,
      metadata: { gift_card_id: card.id, amount: 5000, expires_at: expiresAt.toISOString(), from: 'Ana Compradora' },
    });
    expect((await list(buyer.token)).json()).toEqual([]);
    const [mail] = await outboxTo(ctx.database.db, recipient.input.email);
    expect(mail?.subject).toBe('Você recebeu um vale-presente de R$ 50,00 no Semear');
    expect(mail?.text).toContain('Olá, Rita!');
    expect(mail?.text).toContain('Ana Compradora enviou para você um vale-presente de R$ 50,00');
    expect(mail?.text).toContain('Mensagem: Boas doações!');
    expect(mail?.text).toContain(card.code);
    expect(await ctx.database.db.transaction((tx) => notifyGiftCardReceived(tx, { card, now: ctx.clock.now() }))).toBe(false);
    expect((await list(recipient.token)).json()).toHaveLength(1);
    expect(await outboxTo(ctx.database.db, recipient.input.email)).toHaveLength(1);
  });

  it('tells no one when the recipient has no account, and follows the recipient’s preferences', async () => {
    const stranger = `ninguem.${Date.now()}@exemplo.com.br`;
    const expiresAt = new Date(ctx.clock.now().getTime() + 180 * DAY_MS);
    const before = await ctx.database.db.select({ id: notifications.id }).from(notifications);
    await ctx.database.db.transaction((tx) => issueGiftCard(tx, { valueCents: 3000, expiresAt, recipientEmail: stranger }));
    expect(await ctx.database.db.select({ id: notifications.id }).from(notifications)).toHaveLength(before.length);
    expect(await outboxTo(ctx.database.db, stranger)).toEqual([]);

    const quiet = await newSession(ctx.app);
    await prefer(quiet.token, ['donations'], ['in_app', 'email']);
    await ctx.database.db.transaction((tx) => issueGiftCard(tx, { valueCents: 3000, expiresAt, recipientEmail: quiet.input.email }));
    expect((await list(quiet.token)).json()).toEqual([]);
    expect(await outboxTo(ctx.database.db, quiet.input.email)).toEqual([]);
  });

  it('an anonymous card says so, in the language it was bought in', async () => {
    const recipient = await newSession(ctx.app);
    const expiresAt = new Date(ctx.clock.now().getTime() + 180 * DAY_MS);
    await ctx.database.db.transaction((tx) =>
      issueGiftCard(tx, {
        valueCents: 3000,
        expiresAt,
        recipientEmail: recipient.input.email,
        translator: ctx.app.translator,
        locale: 'en',
      }),
    );
    const [notice] = (await list(recipient.token)).json() as Notification[];
    expect(notice?.metadata.from).toBeNull();
    const [mail] = await outboxTo(ctx.database.db, recipient.input.email);
    expect(mail?.subject).toBe('You received a R$ 30,00 gift card on Semear');
  });
});
