import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { savedCards } from '../../server/db/schema';
import type { SavedCardToken } from '../../server/services/payments/gateway';
import { FakeGateway } from '../support/fake-gateway';
import { newSession } from './helpers/fixtures';
import { brazilianAddress, personContact } from './helpers/giving';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/** Holds the first saveCard until released, so a second request can overtake the first. */
class HeldGateway extends FakeGateway {
  release: () => void = () => {};
  private held = false;
  override async saveCard(input: { cardToken: string; customerRef: string }): Promise<SavedCardToken> {
    if (!this.held) {
      this.held = true;
      await new Promise<void>((resolve) => {
        this.release = resolve;
      });
    }
    return super.saveCard(input);
  }
}

const gateway = new HeldGateway();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { gateway });
});
afterAll(() => ctx.close());

it('two first monthly donations at once: the loser gets 409 and its card is not kept', async () => {
  const donor = await newSession(ctx.app);
  const subscribe = (cardToken: string, key: string) =>
    call(
      ctx.app,
      'POST',
      '/api/v1/subscriptions',
      {
        amount: 5000,
        payment: { method: 'card', card_token: cardToken },
        contact: { ...personContact, email: donor.input.email },
        address: brazilianAddress,
      },
      { token: donor.token, headers: { 'idempotency-key': key } },
    );
  // The first passes the "no open subscription" check, then waits in the gateway while the second subscribes.
  const first = subscribe('tok_ok', 'race-first-key');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const second = await subscribe('card_other', 'race-second-key');
  expect(second.statusCode, second.body).toBe(201);
  gateway.release();
  const loser = await first;
  expect(loser.statusCode, loser.body).toBe(409);
  const [cards] = await ctx.database.db.select({ n: count() }).from(savedCards).where(eq(savedCards.userId, donor.user.id));
  expect(cards?.n).toBe(1);
});
