import { describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_S } from '../../contracts/constants';
import {
  parseSignatureHeader,
  signWebhook,
  verifyWebhook,
  verifyWebhookSignature,
} from '../../server/services/payments/sandbox/webhook-signature';
import { TestClock } from '../api/helpers/test-app';

const SECRET = 'whsec-test-secret-that-is-long-enough-0001';
const OLD_SECRET = 'whsec-old-secret-that-is-long-enough-00002';
const NOW_S = 1_800_000_000;
const clock = new TestClock(NOW_S * 1000);

const body = JSON.stringify({
  id: 'evt_123',
  type: 'payment.succeeded',
  created: NOW_S,
  data: { idempotency_key: '0b6d6a3c-6f1e-4c7e-9f0a-2a0c6d1b9e11', gateway_ref: 'PIXTXID123', amount_cents: 5000 },
});
const signed = (header: string) => ({ [WEBHOOK_SIGNATURE_HEADER]: header, 'content-type': 'application/json' });

describe('webhook signatures', () => {
  it('accepts a body signed with the secret and reads the event', () => {
    const event = verifyWebhook(Buffer.from(body), signed(signWebhook(body, SECRET, NOW_S)), { secrets: SECRET, clock });
    expect(event).toEqual({
      id: 'evt_123',
      type: 'payment.succeeded',
      idempotencyKey: '0b6d6a3c-6f1e-4c7e-9f0a-2a0c6d1b9e11',
      gatewayRef: 'PIXTXID123',
      amountCents: 5000,
      occurredAt: new Date(NOW_S * 1000),
    });
  });

  it('signs as Stripe does: t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const header = signWebhook(body, SECRET, NOW_S);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(parseSignatureHeader(header)).toEqual({ timestampS: NOW_S, signatures: [header.slice(header.indexOf('v1=') + 3)] });
  });

  it('refuses a tampered body', () => {
    const header = signWebhook(body, SECRET, NOW_S);
    const tampered = body.replace('"amount_cents":5000', '"amount_cents":500000');
    expect(verifyWebhook(Buffer.from(tampered), signed(header), { secrets: SECRET, clock })).toBeNull();
  });

  it('refuses a body signed with another secret', () => {
    expect(
      verifyWebhook(body, signed(signWebhook(body, 'someone-elses-secret-that-is-long-enough', NOW_S)), { secrets: SECRET, clock }),
    ).toBeNull();
  });

  it('refuses a stale or far-future timestamp, even correctly signed', () => {
    const stale = NOW_S - WEBHOOK_TOLERANCE_S - 1;
    const future = NOW_S + WEBHOOK_TOLERANCE_S + 1;
    expect(verifyWebhook(body, signed(signWebhook(body, SECRET, stale)), { secrets: SECRET, clock })).toBeNull();
    expect(verifyWebhook(body, signed(signWebhook(body, SECRET, future)), { secrets: SECRET, clock })).toBeNull();
    expect(verifyWebhook(body, signed(signWebhook(body, SECRET, NOW_S - WEBHOOK_TOLERANCE_S)), { secrets: SECRET, clock })).not.toBeNull();
  });

  it('refuses a replayed signature with a fresh timestamp pasted in', () => {
    const old = signWebhook(body, SECRET, NOW_S - 3600);
    const forged = old.replace(`t=${NOW_S - 3600}`, `t=${NOW_S}`);
    expect(verifyWebhook(body, signed(forged), { secrets: SECRET, clock })).toBeNull();
  });

  it('refuses a missing header', () => {
    expect(verifyWebhook(body, { 'content-type': 'application/json' }, { secrets: SECRET, clock })).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['no timestamp', `v1=${'a'.repeat(64)}`],
    ['no signature', `t=${NOW_S}`],
    ['short signature', `t=${NOW_S},v1=abc`],
    ['non-numeric timestamp', `t=now,v1=${'a'.repeat(64)}`],
    ['two timestamps', `t=${NOW_S},t=${NOW_S},v1=${'a'.repeat(64)}`],
    ['garbage', 'not a signature'],
  ])('refuses a malformed header (%s)', (_name, header) => {
    expect(verifyWebhookSignature(body, header, { secrets: SECRET, nowS: NOW_S })).toBe(false);
    expect(verifyWebhook(body, signed(header), { secrets: SECRET, clock })).toBeNull();
  });

  it('refuses a repeated header (two values)', () => {
    const header = signWebhook(body, SECRET, NOW_S);
    expect(verifyWebhook(body, { [WEBHOOK_SIGNATURE_HEADER]: [header, header] }, { secrets: SECRET, clock })).toBeNull();
  });

  it('accepts any of several v1 signatures and any of several secrets while a secret rotates', () => {
    const both = signWebhook(body, [SECRET, OLD_SECRET], NOW_S);
    expect(both.match(/v1=/g)).toHaveLength(2);
    // A receiver that still knows only the old secret, and one that knows only the new one.
    expect(verifyWebhook(body, signed(both), { secrets: OLD_SECRET, clock })).not.toBeNull();
    expect(verifyWebhook(body, signed(both), { secrets: SECRET, clock })).not.toBeNull();
    // A receiver accepting both secrets, with a sender that signs with only the old one.
    expect(verifyWebhook(body, signed(signWebhook(body, OLD_SECRET, NOW_S)), { secrets: [SECRET, OLD_SECRET], clock })).not.toBeNull();
  });

  it('refuses a well-signed body that is not an event', () => {
    const notEvent = JSON.stringify({ hello: 'world' });
    expect(verifyWebhook(notEvent, signed(signWebhook(notEvent, SECRET, NOW_S)), { secrets: SECRET, clock })).toBeNull();
    const notJson = 'not json';
    expect(verifyWebhook(notJson, signed(signWebhook(notJson, SECRET, NOW_S)), { secrets: SECRET, clock })).toBeNull();
  });
});
