import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMercadoPagoClient } from '../../../../server/services/payments/mercadopago/api-client';
import { forgetMercadoPagoCard, savedCardRef } from '../../../../server/services/payments/mercadopago/cards';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from '../../../support/stand-ins/mercadopago';
import { MERCADOPAGO_TEST_CARDS } from '../../../support/stand-ins/mercadopago/test-cards';

const ACCESS_TOKEN = 'TEST-0000-access-token-of-the-stand-in';
let standIn: MercadoPagoStandIn;
const client = () => createMercadoPagoClient({ baseUrl: standIn.url, accessToken: ACCESS_TOKEN });

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn({ accessToken: ACCESS_TOKEN });
});
afterAll(() => standIn.control.close());

/** A card kept on a Mercado Pago customer, as "Meus cartões" saves it. */
async function savedCard(): Promise<{ customerId: string; cardId: string }> {
  const email = `apagar-${Date.now()}@example.com`;
  const customer = await client().createCustomer({ email }, `cus-${email}`);
  const response = await fetch(`${standIn.url}/v1/card_tokens?public_key=${standIn.publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: MERCADOPAGO_TEST_CARDS.visa,
      security_code: '123',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: 'APRO', identification: { type: 'CPF', number: '12345678909' } },
    }),
  });
  const token = ((await response.json()) as { id: string }).id;
  const card = await client().saveCustomerCard(customer.id, token, `card-${email}`);
  return { customerId: customer.id, cardId: card.id };
}

describe('removing a saved card at Mercado Pago (an account deleted, docs/privacy.md)', () => {
  it('deletes the customer’s card, and a card already gone counts as removed', async () => {
    const { customerId, cardId } = await savedCard();
    await forgetMercadoPagoCard(client(), savedCardRef(customerId, cardId));
    await expect(client().getCustomerCard(customerId, cardId)).rejects.toMatchObject({ status: 404 });
    // Asked again (a retry after a lost answer): nothing left to remove, no error.
    await expect(forgetMercadoPagoCard(client(), savedCardRef(customerId, cardId))).resolves.toBeUndefined();
  });

  it('throws when Mercado Pago cannot be reached, so the job asks again', async () => {
    const offline = createMercadoPagoClient({ baseUrl: 'http://127.0.0.1:9', accessToken: ACCESS_TOKEN, timeoutMs: 2_000 });
    await expect(forgetMercadoPagoCard(offline, savedCardRef('cus', 'card'))).rejects.toBeDefined();
  });
});
