import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mercadoPagoManifest,
  parseMercadoPagoSignature,
  verifyMercadoPagoNotification,
} from '../../../../server/services/payments/mercadopago/webhook-signature';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from '../../../support/stand-ins/mercadopago';
import { signMercadoPagoNotification } from '../../../support/stand-ins/mercadopago/webhooks';

const SECRET = 'mp-webhook-secret-of-the-test-application';
const NOW = new Date('2026-03-10T15:00:00Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);

/** A receiver that keeps what arrived and answers what the verifier says. */
let receiver: {
  url: string;
  close: () => Promise<void>;
  last: { headers: IncomingHttpHeaders; query: URLSearchParams; body: string } | null;
};
let standIn: MercadoPagoStandIn;

beforeAll(async () => {
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const query = new URL(request.url ?? '/', 'http://receiver').searchParams;
    receiver.last = { headers: request.headers, query, body };
    const verified = verifyMercadoPagoNotification(request.headers, query, { secret: SECRET, now: NOW });
    response.writeHead(verified ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify(verified));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/payments/webhooks/mercadopago`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    last: null,
  };
  standIn = await startMercadoPagoStandIn({ accessToken: 'TEST-token', now: () => NOW });
});
afterAll(async () => {
  await standIn.control.close();
  await receiver.close();
});

describe('Mercado Pago webhook signature (x-signature)', () => {
  it("accepts the stand-in's signed notification: the documented query, body and headers", async () => {
    const sent = await standIn.control.sendWebhook('1319999001', { secret: SECRET, url: receiver.url });
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toEqual({ paymentId: '1319999001', type: 'payment' });
    const arrived = receiver.last!;
    expect(arrived.query.get('data.id')).toBe('1319999001');
    expect(arrived.query.get('type')).toBe('payment');
    expect(arrived.headers['x-request-id']).toBe(sent.requestId);
    expect(arrived.headers['x-signature']).toMatch(new RegExp(`^ts=${NOW_S},v1=[0-9a-f]{64}$`));
    expect(JSON.parse(arrived.body)).toMatchObject({
      action: 'payment.updated',
      api_version: 'v1',
      data: { id: '1319999001' },
      type: 'payment',
      live_mode: false,
    });
  });

  it('refuses a tampered one (signed for one payment, naming another) and a stale one', async () => {
    expect((await standIn.control.sendWebhook('1319999002', { secret: SECRET, url: receiver.url, tamper: true })).status).toBe(401);
    expect((await standIn.control.sendWebhook('1319999003', { secret: SECRET, url: receiver.url, staleTs: true })).status).toBe(401);
  });

  it('refuses one signed with another secret (forged)', async () => {
    expect((await standIn.control.sendWebhook('1319999004', { secret: 'not-the-secret', url: receiver.url })).status).toBe(401);
  });

  const headersFor = (dataId: string, ts: number | string, requestId = 'a1b2c3d4-0000-4000-8000-000000000001') => ({
    'x-signature': signMercadoPagoNotification({ secret: SECRET, dataId, requestId, ts }),
    'x-request-id': requestId,
  });
  const verify = (headers: Record<string, string | undefined>, query: Record<string, unknown>) =>
    verifyMercadoPagoNotification(headers, query, { secret: SECRET, now: NOW });

  it('refuses anything missing: the signature, the request id, data.id, ts or v1', () => {
    const headers = headersFor('123', NOW_S);
    expect(verify(headers, { 'data.id': '123', type: 'payment' })).toEqual({ paymentId: '123', type: 'payment' });
    expect(verify({ ...headers, 'x-signature': undefined }, { 'data.id': '123' })).toBeNull();
    expect(verify({ ...headers, 'x-request-id': undefined }, { 'data.id': '123' })).toBeNull();
    expect(verify(headers, {})).toBeNull();
    expect(verify({ ...headers, 'x-signature': headers['x-signature'].replace(/^ts=\d+,/, '') }, { 'data.id': '123' })).toBeNull();
    expect(verify({ ...headers, 'x-signature': `ts=${NOW_S}` }, { 'data.id': '123' })).toBeNull();
    expect(verify({ ...headers, 'x-request-id': 'another-request' }, { 'data.id': '123' })).toBeNull();
    expect(verifyMercadoPagoNotification(headers, { 'data.id': '123' }, { secret: '', now: NOW })).toBeNull();
  });

  it('refuses a ts more than 5 minutes old or ahead; accepts one within, in seconds as documented or in milliseconds', () => {
    const query = { 'data.id': '123' };
    expect(verify(headersFor('123', NOW_S - 299), query)).not.toBeNull();
    expect(verify(headersFor('123', NOW_S + 299), query)).not.toBeNull();
    expect(verify(headersFor('123', NOW_S - 301), query)).toBeNull();
    expect(verify(headersFor('123', NOW_S + 301), query)).toBeNull();
    expect(verify(headersFor('123', NOW.getTime() - 1_000), query)).not.toBeNull();
    expect(verify(headersFor('123', NOW.getTime() - 400_000), query)).toBeNull();
  });

  it('builds the documented manifest, lower-casing an alphanumeric data.id', () => {
    expect(mercadoPagoManifest({ dataId: 'ABC123', requestId: 'req', ts: '1704908010' })).toBe('id:abc123;request-id:req;ts:1704908010;');
    expect(mercadoPagoManifest({ dataId: '1319999001', requestId: 'req', ts: '1' })).toBe('id:1319999001;request-id:req;ts:1;');
    const upper = headersFor('abc123', NOW_S);
    expect(verify(upper, { 'data.id': 'ABC123' })).toEqual({ paymentId: 'ABC123', type: null });
  });

  it('parses only well-formed headers', () => {
    expect(parseMercadoPagoSignature(`ts=1704908010,v1=${'a'.repeat(64)}`)).toEqual({ ts: '1704908010', v1: 'a'.repeat(64) });
    expect(parseMercadoPagoSignature(` ts=1 , v1=${'A'.repeat(64)} `)).toEqual({ ts: '1', v1: 'a'.repeat(64) });
    expect(parseMercadoPagoSignature(`ts=1,v1=${'a'.repeat(63)}`)).toBeNull();
    expect(parseMercadoPagoSignature(`ts=1,ts=2,v1=${'a'.repeat(64)}`)).toBeNull();
    expect(parseMercadoPagoSignature(`ts=x,v1=${'a'.repeat(64)}`)).toBeNull();
    expect(parseMercadoPagoSignature(`v1=${'ä'.repeat(64)}`)).toBeNull();
  });
});
