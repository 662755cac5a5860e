import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaypalClient } from '../../../../server/services/payments/paypal/api-client';
import { PaypalError } from '../../../../server/services/payments/paypal/errors';
import { startPaypalStandIn, type PaypalStandIn } from '../../../support/stand-ins/paypal/server';

/** The OAuth2 client-credentials token: fetched once, shared, refreshed before expiry or after a 401. */

let paypal: PaypalStandIn;
beforeAll(async () => {
  paypal = await startPaypalStandIn({ tokenLifetimeS: 3600 });
});
afterAll(() => paypal.close());

const tokenRequests = () => paypal.requests.filter((request) => request.path === '/v1/oauth2/token');
const clientAt = (now: () => number) =>
  createPaypalClient({ baseUrl: `${paypal.url}/`, clientId: paypal.clientId, clientSecret: paypal.clientSecret, now });

async function anOrderId(): Promise<string> {
  const client = clientAt(Date.now);
  const input = {
    paymentId: 'pay_t',
    amountCents: 100,
    description: 'x',
    returnUrl: 'https://a.example/r',
    cancelUrl: 'https://a.example/c',
  };
  return (await client.createOrder(input, crypto.randomUUID())).id;
}

describe('the access token', () => {
  it('asks with Basic credentials and client_credentials, once for ten concurrent calls, then reuses it', async () => {
    const orderId = await anOrderId();
    paypal.requests.length = 0;
    const client = clientAt(Date.now);

    await Promise.all(Array.from({ length: 10 }, () => client.getOrder(orderId)));
    await client.getOrder(orderId);

    expect(tokenRequests()).toHaveLength(1);
    const [request] = tokenRequests();
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`);
    expect(request?.body).toBe('grant_type=client_credentials');
    const bearers = new Set(paypal.requests.filter((one) => one.path.startsWith('/v2/')).map((one) => one.headers.authorization));
    expect(bearers.size).toBe(1);
    expect([...bearers][0]).toMatch(/^Bearer A21AA/);
  });

  it('a token PayPal refuses (401) is replaced once and the ten calls retried, all succeeding', async () => {
    const orderId = await anOrderId();
    const client = clientAt(Date.now);
    await client.getOrder(orderId);
    paypal.requests.length = 0;
    paypal.expireTokens();

    const answers = await Promise.all(Array.from({ length: 10 }, () => client.getOrder(orderId)));

    expect(answers.every((answer) => answer.id === orderId)).toBe(true);
    expect(tokenRequests()).toHaveLength(1);
    expect(paypal.requests.filter((one) => one.path.startsWith('/v2/'))).toHaveLength(20);
  });

  it('is refreshed 60 s before it expires, not after', async () => {
    const orderId = await anOrderId();
    let now = Date.now();
    const client = clientAt(() => now);
    await client.getOrder(orderId);
    paypal.requests.length = 0;

    now += (3600 - 61) * 1000;
    await client.getOrder(orderId);
    expect(tokenRequests()).toHaveLength(0);

    now += 2000;
    await client.getOrder(orderId);
    expect(tokenRequests()).toHaveLength(1);
  });

  it('wrong credentials: PaypalError invalid_client, not a retry loop', async () => {
    const client = createPaypalClient({ baseUrl: paypal.url, clientId: paypal.clientId, clientSecret: 'wrong' });
    paypal.requests.length = 0;
    const failure = await client.getOrder('ANY').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaypalError);
    expect(failure).toMatchObject({ status: 401, paypalName: 'invalid_client' });
    expect(tokenRequests()).toHaveLength(1);
  });

  it('a second 401 in a row is an error, after one refresh only', async () => {
    // A token endpoint that issues tokens the API never accepts (revoked app): no endless refresh.
    let issued = 0;
    const fetchFn: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.endsWith('/v1/oauth2/token')) {
        issued++;
        return Response.json({ access_token: `never-valid-${issued}`, token_type: 'Bearer', expires_in: 3600 });
      }
      return fetch(input, init);
    };
    const client = createPaypalClient({ baseUrl: paypal.url, clientId: paypal.clientId, clientSecret: paypal.clientSecret, fetchFn });
    await expect(client.getOrder('ANY')).rejects.toMatchObject({ status: 401, paypalName: 'AUTHENTICATION_FAILURE' });
    expect(issued).toBe(2);
  });
});
