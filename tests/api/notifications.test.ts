import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type Notification, type NotificationType } from '../../contracts/notifications';
import { notifications, notificationSettings } from '../../server/db/schema';
import { newSession } from './helpers/fixtures';
import { createCampaign, donationBody, give, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const MINUTE_MS = 60 * 1000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Notifications straight in the database, one minute apart, the last one newest; answers their ids in that order. */
async function seed(userId: string, items: { type?: NotificationType; read?: boolean }[]): Promise<string[]> {
  const start = ctx.clock.now().getTime() - items.length * MINUTE_MS;
  const rows = await ctx.database.db
    .insert(notifications)
    .values(
      items.map((item, i) => ({
        userId,
        type: item.type ?? 'donations',
        metadata: { donation_id: `d-${i}` },
        read: item.read ?? false,
        createdAt: new Date(start + i * MINUTE_MS),
      })),
    )
    .returning({ id: notifications.id, createdAt: notifications.createdAt });
  return rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime()).map((r) => r.id);
}

const list = (token: string | undefined, query = '', locale?: string) =>
  call(ctx.app, 'GET', `/api/v1/notifications${query}`, undefined, { token, locale });
const patch = (token: string | undefined, body: unknown, locale?: string) =>
  call(ctx.app, 'PATCH', '/api/v1/notifications', body, { token, locale });
const readStates = async (userId: string) =>
  Object.fromEntries(
    (
      await ctx.database.db
        .select({ id: notifications.id, read: notifications.read })
        .from(notifications)
        .where(eq(notifications.userId, userId))
    ).map((r) => [r.id, r.read]),
  );

describe('GET /notifications', () => {
  it('pages the donor’s own notifications newest first, 30 by default, with the total in x-total-count', async () => {
    const donor = await newSession(ctx.app);
    const ids = await seed(
      donor.user.id,
      Array.from({ length: 35 }, () => ({})),
    );
    const first = await list(donor.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('35');
    const page0 = first.json() as Notification[];
    expect(page0).toHaveLength(30);
    expect(page0[0]).toMatchObject({ id: ids[34], type: 'donations', read: false, metadata: { donation_id: 'd-34' } });
    expect(page0.map((n) => n.id)).toEqual([...ids].reverse().slice(0, 30));
    const second = await list(donor.token, '?page=1&amount=30');
    expect((second.json() as Notification[]).map((n) => n.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.headers['x-total-count']).toBe('35');
    const past = await list(donor.token, '?page=9&amount=30');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('35');
  });

  it('filters by read and by type; the unread count is a page of one', async () => {
    const donor = await newSession(ctx.app);
    await seed(donor.user.id, [{ read: true }, {}, { type: 'gift_card_received' }, { type: 'gift_card_received', read: true }, {}]);
    const unread = await list(donor.token, '?read=false&amount=1');
    expect(unread.headers['x-total-count']).toBe('3');
    expect(unread.json()).toHaveLength(1);
    const read = await list(donor.token, '?read=true');
    expect((read.json() as Notification[]).every((n) => n.read)).toBe(true);
    expect(read.headers['x-total-count']).toBe('2');
    const gifts = await list(donor.token, '?type=gift_card_received');
    expect((gifts.json() as Notification[]).map((n) => n.type)).toEqual(['gift_card_received', 'gift_card_received']);
    const unreadGifts = await list(donor.token, '?type=gift_card_received&read=false');
    expect(unreadGifts.headers['x-total-count']).toBe('1');
  });

  it('refuses bad filters with a translated message, in Portuguese and English', async () => {
    const donor = await newSession(ctx.app);
    const cases: [string, string, string][] = [
      ['?amount=0', 'A quantidade por página deve ser um número inteiro de 1 a 100', 'The page size must be a whole number from 1 to 100'],
      [
        '?amount=101',
        'A quantidade por página deve ser um número inteiro de 1 a 100',
        'The page size must be a whole number from 1 to 100',
      ],
      ['?page=-1', 'A página deve ser um número inteiro a partir de 0', 'The page must be a whole number from 0 up'],
      ['?page=abc', 'A página deve ser um número inteiro a partir de 0', 'The page must be a whole number from 0 up'],
      ['?type=unknown', 'Tipo de notificação desconhecido', 'Unknown notification type'],
      ['?read=maybe', 'O filtro de lidas deve ser true ou false', 'The read filter must be true or false'],
    ];
    for (const [query, pt, en] of cases) {
      const inPortuguese = await list(donor.token, query);
      expect(inPortuguese.statusCode, query).toBe(400);
      expect(inPortuguese.json(), query).toEqual({ code: 'validation.failed', message: [pt] });
      expect((await list(donor.token, query, 'en')).json(), query).toEqual({ code: 'validation.failed', message: [en] });
    }
  });

  it('is for signed-in donors only, and each sees only their own', async () => {
    const a = await newSession(ctx.app);
    const b = await newSession(ctx.app);
    await seed(a.user.id, [{}, {}]);
    expect((await list(undefined)).statusCode).toBe(401);
    const theirs = await list(b.token);
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
  });

  it('shows the notification of a donation the signed-in donor made', async () => {
    const campaign = await createCampaign(ctx.database.db);
    const donor = await newSession(ctx.app);
    const made = await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) }), {
      token: donor.token,
    });
    expect(made.statusCode, made.body).toBe(201);
    const [notification] = (await list(donor.token)).json() as Notification[];
    expect(notification).toMatchObject({
      type: 'donations',
      read: false,
      metadata: { donation_id: made.json().donation.id, amount: 5000 },
    });
  });
});

describe('PATCH /notifications', () => {
  it('marks read, then unread, and answers the updated notifications; the unread count follows', async () => {
    const donor = await newSession(ctx.app);
    const ids = await seed(donor.user.id, [{}, {}, {}]);
    const unreadCount = async () => (await list(donor.token, '?read=false&amount=1')).headers['x-total-count'];
    expect(await unreadCount()).toBe('3');
    const marked = await patch(donor.token, { notification_id: [ids[0], ids[2]], read: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((marked.json() as Notification[]).map((n) => [n.id, n.read])).toEqual([
      [ids[2], true],
      [ids[0], true],
    ]);
    expect(await unreadCount()).toBe('1');
    const unmarked = await patch(donor.token, { notification_id: [ids[2]], read: false });
    expect(unmarked.json()).toMatchObject([{ id: ids[2], read: false }]);
    expect(await unreadCount()).toBe('2');
  });

  it("refuses another donor's notifications with 404 and changes nothing, not even the caller's own in the same call", async () => {
    const a = await newSession(ctx.app);
    const b = await newSession(ctx.app);
    const [aId] = await seed(a.user.id, [{}]);
    const [bId] = await seed(b.user.id, [{}]);
    const byB = await patch(b.token, { notification_id: [aId], read: true });
    expect(byB.statusCode).toBe(404);
    expect(byB.json()).toEqual({ code: 'notification.not_found', message: 'Notificação não encontrada.' });
    expect((await patch(b.token, { notification_id: [aId], read: true }, 'en')).json().message).toBe('Notification not found.');
    const mixed = await patch(b.token, { notification_id: [bId, aId], read: true });
    expect(mixed.statusCode).toBe(404);
    expect(await readStates(a.user.id)).toEqual({ [aId!]: false });
    expect(await readStates(b.user.id)).toEqual({ [bId!]: false });
    expect((await patch(undefined, { notification_id: [aId], read: true })).statusCode).toBe(401);
    expect(await readStates(a.user.id)).toEqual({ [aId!]: false });
  });

  it('refuses a bad body with a translated message and changes nothing', async () => {
    const donor = await newSession(ctx.app);
    const [id] = await seed(donor.user.id, [{}]);
    const ids = 'Informe de 1 a 100 notificações válidas';
    const cases: [unknown, string][] = [
      [{ notification_id: [], read: true }, ids],
      [{ notification_id: ['not-a-uuid'], read: true }, ids],
      [{ notification_id: id, read: true }, ids],
      [{ notification_id: [id] }, 'Informe se as notificações ficam lidas (true) ou não lidas (false)'],
      [{ notification_id: [id], read: 'yes' }, 'Informe se as notificações ficam lidas (true) ou não lidas (false)'],
    ];
    for (const [body, message] of cases) {
      const response = await patch(donor.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ code: 'validation.failed', message: [message] });
    }
    expect((await patch(donor.token, { notification_id: [id] }, 'en')).json().message).toEqual([
      'Say whether the notifications are read (true) or unread (false)',
    ]);
    expect(await readStates(donor.user.id)).toEqual({ [id!]: false });
  });
});

describe('GET /notification-types', () => {
  it('lists every type for a signed-in donor', async () => {
    const donor = await newSession(ctx.app);
    const response = await call(ctx.app, 'GET', '/api/v1/notification-types', undefined, { token: donor.token });
    expect(response.json()).toEqual({ notificationTypes: NOTIFICATION_TYPES.map((type) => ({ type })) });
    expect((await call(ctx.app, 'GET', '/api/v1/notification-types')).statusCode).toBe(401);
  });
});

describe('GET, PUT /notification-preferences', () => {
  const get = (token?: string) => call(ctx.app, 'GET', '/api/v1/notification-preferences', undefined, { token });
  const put = (token: string | undefined, body: unknown, locale?: string) =>
    call(ctx.app, 'PUT', '/api/v1/notification-preferences', body, { token, locale });
  const everything = { types: NOTIFICATION_TYPES.map((type) => ({ type })), channels: ['in_app', 'email'] };

  it('answers everything, on both channels, until the donor saves; then what was saved', async () => {
    const donor = await newSession(ctx.app);
    expect((await get(donor.token)).json()).toEqual(everything);
    const chosen = { types: [{ type: 'monthly_charge_failed' }, { type: 'donations' }, { type: 'donations' }], channels: ['email'] };
    const saved = await put(donor.token, chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { types: [{ type: 'donations' }, { type: 'monthly_charge_failed' }], channels: ['email'] };
    expect(saved.json()).toEqual(expected);
    expect((await get(donor.token)).json()).toEqual(expected);
    expect((await put(donor.token, { types: [], channels: [] })).json()).toEqual({ types: [], channels: [] });
    expect((await get(donor.token)).json()).toEqual({ types: [], channels: [] });
  });

  it('refuses unknown types and channels with a translated message and saves nothing', async () => {
    const donor = await newSession(ctx.app);
    const badType = await put(donor.token, { types: [{ type: 'lottery' }], channels: ['email'] });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toEqual({ code: 'validation.failed', message: ['Tipo de notificação desconhecido'] });
    const badChannel = await put(donor.token, { types: [{ type: 'donations' }], channels: ['sms'] }, 'en');
    expect(badChannel.json()).toEqual({ code: 'validation.failed', message: ['Unknown notification channel'] });
    const missing = await put(donor.token, { types: [{ type: 'donations' }] });
    expect(missing.json()).toEqual({
      code: 'validation.failed',
      message: ['Envie os tipos (cada um com type) e os canais das notificações'],
    });
    expect(await ctx.database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, donor.user.id))).toEqual([]);
    expect((await get(donor.token)).json()).toEqual(everything);
  });

  it("is for signed-in donors only; one donor's choice is not another's", async () => {
    const a = await newSession(ctx.app);
    const b = await newSession(ctx.app);
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, everything)).statusCode).toBe(401);
    await put(a.token, { types: [], channels: [] });
    expect((await get(b.token)).json()).toEqual(everything);
  });

  it('a muted type creates no notification for a real donation', async () => {
    const campaign = await createCampaign(ctx.database.db);
    const donor = await newSession(ctx.app);
    await put(donor.token, { types: [{ type: 'gift_card_received' }], channels: ['in_app', 'email'] });
    const made = await give(ctx.app, campaign.slug, donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app) }), {
      token: donor.token,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await list(donor.token)).json()).toEqual([]);
  });
});
