import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCardListSchema, type SavedCard } from '../../contracts/cards';
import { savedCards, subscriptions } from '../../server/db/schema';
import { newSession } from './helpers/fixtures';
import { brazilianAddress, createCampaign, donationBody, give, sandboxCardToken } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
type Session = Awaited<ReturnType<typeof newSession>>;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const cardsOf = async (session: Session): Promise<SavedCard[]> => {
  const response = await call(ctx.app, 'GET', '/api/v1/cards', undefined, { token: session.token });
  expect(response.statusCode).toBe(200);
  return savedCardListSchema.parse(response.json());
};
const defaults = (cards: SavedCard[]) => cards.filter((c) => c.is_default).map((c) => c.last4);
const patch = (session: Session | null, id: string, body: unknown = { is_default: true }) =>
  call(ctx.app, 'PATCH', `/api/v1/cards/${id}`, body, session ? { token: session.token } : {});
const remove = (session: Session | null, id: string) =>
  call(ctx.app, 'DELETE', `/api/v1/cards/${id}`, undefined, session ? { token: session.token } : {});

let tokenCounter = 0;
/** Saved cards straight in the database, oldest first (the list orders by age). */
async function addCards(session: Session, last4s: string[]): Promise<string[]> {
  const start = ctx.clock.now().getTime() - 10 * DAY_MS;
  const rows = await ctx.database.db
    .insert(savedCards)
    .values(
      last4s.map((last4, i) => ({
        userId: session.user.id,
        gateway: 'sandbox',
        gatewayToken: `tok_test_${++tokenCounter}_${Date.now()}`,
        brand: 'visa',
        last4,
        expMonth: 12,
        expYear: 2034,
        holderName: 'Maria da Silva',
        isDefault: i === 0,
        createdAt: new Date(start + i * DAY_MS),
      })),
    )
    .returning({ id: savedCards.id });
  return rows.map((r) => r.id);
}

async function openSubscription(session: Session, cardId: string, status: 'active' | 'canceled' = 'active') {
  const contact = {
    is_company: false,
    foreigner: false,
    name: 'Maria da Silva',
    corporate_name: null,
    contact_name: null,
    email: 'maria@exemplo.com.br',
    cpf: '52998224725',
    cnpj: null,
    telephone: '11987654321',
  };
  await ctx.database.db.insert(subscriptions).values({
    userId: session.user.id,
    amountCents: 3500,
    billingDay: 10,
    currentPeriodStart: ctx.clock.now(),
    savedCardId: cardId,
    status,
    contact,
    address: brazilianAddress,
  });
}

describe('saved cards', () => {
  it('the first card a donor saves becomes the default; the next one does not', async () => {
    const campaign = await createCampaign(ctx.database.db);
    const donor = await newSession(ctx.app);
    const first = await give(
      ctx.app,
      campaign.slug,
      donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app), save_card: true }),
      { token: donor.token },
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(await cardsOf(donor)).toEqual([expect.objectContaining({ last4: '1111', is_default: true })]);
    const mastercard = { number: '5555555555554444', cvv: '123' };
    const second = await give(
      ctx.app,
      campaign.slug,
      donationBody({ method: 'card', card_token: await sandboxCardToken(ctx.app, mastercard), save_card: true }),
      { token: donor.token },
    );
    expect(second.statusCode, second.body).toBe(201);
    const cards = await cardsOf(donor);
    expect(cards.map((c) => [c.last4, c.is_default])).toEqual([
      ['1111', true],
      ['4444', false],
    ]);
  });

  it('PATCH {is_default: true} makes that card the default and unsets the others, answering the cards', async () => {
    const donor = await newSession(ctx.app);
    const [a, b, c] = await addCards(donor, ['0001', '0002', '0003']);
    const response = await patch(donor, c!);
    expect(response.statusCode, response.body).toBe(200);
    const answered = savedCardListSchema.parse(response.json());
    expect(defaults(answered)).toEqual(['0003']);
    expect(answered[0]?.id).toBe(c);
    expect(defaults(await cardsOf(donor))).toEqual(['0003']);
    expect((await patch(donor, b!)).statusCode).toBe(200);
    expect(defaults(await cardsOf(donor))).toEqual(['0002']);
    // Again on the default changes nothing.
    expect((await patch(donor, b!)).statusCode).toBe(200);
    expect(defaults(await cardsOf(donor))).toEqual(['0002']);
    // Choosing a default keeps every card.
    expect((await cardsOf(donor)).map((card) => card.id).sort()).toEqual([a, b, c].sort());
  });

  it("PATCH refuses bad bodies, another donor's card, a removed card and the signed-out, changing nothing", async () => {
    const owner = await newSession(ctx.app);
    const [first, second] = await addCards(owner, ['1001', '1002']);
    for (const body of [{ is_default: false }, {}, { is_default: 'yes' }]) {
      const response = await patch(owner, second!, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'validation.failed', message: ['Para escolher o cartão padrão, envie is_default: true.'] });
    }
    const stranger = await newSession(ctx.app);
    const theirs = await patch(stranger, second!);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'card.saved_not_found', message: 'Cartão salvo não encontrado.' });
    expect((await patch(stranger, 'not-a-uuid')).statusCode).toBe(404);
    expect((await patch(null, second!)).statusCode).toBe(401);
    expect(defaults(await cardsOf(owner))).toEqual(['1001']);

    expect((await remove(owner, second!)).statusCode).toBe(204);
    expect((await patch(owner, second!)).statusCode).toBe(404);
    expect(defaults(await cardsOf(owner))).toEqual(['1001']);
    expect((await cardsOf(owner)).map((card) => card.id)).toEqual([first]);
  });

  it('removing the default makes the newest remaining card the default; removing the last leaves none', async () => {
    const donor = await newSession(ctx.app);
    const [oldest, middle, newest] = await addCards(donor, ['2001', '2002', '2003']);
    expect((await remove(donor, oldest!)).statusCode).toBe(204);
    expect(defaults(await cardsOf(donor))).toEqual(['2003']);
    expect((await remove(donor, middle!)).statusCode).toBe(204);
    expect(defaults(await cardsOf(donor))).toEqual(['2003']);
    expect((await remove(donor, newest!)).statusCode).toBe(204);
    expect(await cardsOf(donor)).toEqual([]);
    // The rows stay (past donations point at them), removed and no longer default.
    const rows = await ctx.database.db.select().from(savedCards).where(eq(savedCards.userId, donor.user.id));
    expect(rows.every((r) => r.deletedAt !== null && !r.isDefault)).toBe(true);
  });

  it('a card paying an open monthly donation cannot be removed (409); once the monthly donation is canceled it can', async () => {
    const donor = await newSession(ctx.app);
    const [monthlyCard, other] = await addCards(donor, ['3001', '3002']);
    await openSubscription(donor, monthlyCard!);
    const refused = await remove(donor, monthlyCard!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'card.in_use_by_monthly',
      message: 'Este cartão paga sua doação mensal. Troque o cartão da doação mensal antes de removê-lo.',
    });
    expect((await cardsOf(donor)).map((c) => c.last4)).toEqual(['3001', '3002']);
    expect((await remove(donor, other!)).statusCode).toBe(204);

    await ctx.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, donor.user.id));
    expect((await remove(donor, monthlyCard!)).statusCode).toBe(204);
  });

  it("DELETE of another donor's card is 404 and the card stays; signed out is 401", async () => {
    const owner = await newSession(ctx.app);
    const [card] = await addCards(owner, ['4001']);
    const stranger = await newSession(ctx.app);
    expect((await remove(stranger, card!)).statusCode).toBe(404);
    expect((await remove(null, card!)).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/v1/cards')).statusCode).toBe(401);
    expect((await cardsOf(owner)).map((c) => [c.last4, c.is_default])).toEqual([['4001', true]]);
  });
});
