import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFingerprint, fingerprintKey } from '../../../server/services/payments/card-testing/fingerprint';
import { verifyChallengeToken } from '../../../server/services/payments/card-testing/siteverify';
import { startSiteverifyStandIn, type SiteverifyStandIn } from '../../support/stand-ins/challenge/siteverify';

const card = { brand: 'visa' as const, last4: '0002', expMonth: 7, expYear: 2039, bin: '400000' };

describe('card fingerprints (never the number)', () => {
  const key = fingerprintKey('a-server-secret-that-is-long-enough-123');

  it('is the same for the same BIN, last four and expiry, and another for another expiry or key', () => {
    const same = cardFingerprint(key, card, 'sandbox');
    expect(cardFingerprint(key, { ...card }, 'sandbox')).toBe(same);
    expect(cardFingerprint(key, { ...card, expMonth: 8 }, 'sandbox')).not.toBe(same);
    expect(cardFingerprint(fingerprintKey('another-server-secret-long-enough-456'), card, 'sandbox')).not.toBe(same);
    expect(same).not.toContain('400000');
    expect(same).not.toContain('0002');
  });

  it("takes the provider's own fingerprint where it gives one", () => {
    expect(cardFingerprint(key, { ...card, fingerprint: 'Xt5EWLLDS7FJjR1c' }, 'stripe')).toBe('stripe:Xt5EWLLDS7FJjR1c');
  });
});

describe('hCaptcha siteverify, against a stand-in written from its documentation', () => {
  let standIn: SiteverifyStandIn;
  const challenge = () => ({ provider: 'hcaptcha' as const, siteKey: 'site-key-1', secret: '0xsecret', verifyUrl: standIn.url });
  const verify = (token: string, over: Partial<ReturnType<typeof challenge>> = {}) =>
    verifyChallengeToken({ ...challenge(), ...over }, { token, remoteIp: '127.0.0.9', expectedHostname: 'semear.test' });

  beforeAll(async () => {
    standIn = await startSiteverifyStandIn({ provider: 'hcaptcha', secret: '0xsecret', siteKey: 'site-key-1' });
  });
  afterAll(() => standIn.close());

  it('passes a solved token once, sending secret, response, remoteip and sitekey form-encoded', async () => {
    const token = standIn.issueToken();
    expect(await verify(token)).toEqual({ passed: true });
    expect(standIn.requests.at(-1)).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      fields: { secret: '0xsecret', response: token, remoteip: '127.0.0.9', sitekey: 'site-key-1' },
    });
    expect(await verify(token)).toEqual({ passed: false, reasons: ['already-seen-response'] });
  });

  it('fails what hCaptcha fails: unknown, expired, another site key, a wrong secret, another host name', async () => {
    expect(await verify('P1_unknown')).toEqual({ passed: false, reasons: ['invalid-input-response'] });
    expect(await verify(standIn.issueToken({ issuedAt: Date.now() - 121_000 }))).toEqual({
      passed: false,
      reasons: ['expired-input-response'],
    });
    expect(await verify(standIn.issueToken({ siteKey: 'site-key-2' }))).toEqual({ passed: false, reasons: ['sitekey-secret-mismatch'] });
    expect(await verify(standIn.issueToken(), { secret: 'wrong' })).toEqual({ passed: false, reasons: ['invalid-input-secret'] });
    expect(await verify(standIn.issueToken({ hostname: 'elsewhere.example' }))).toEqual({
      passed: false,
      reasons: ['hostname elsewhere.example'],
    });
  });

  it('fails closed when the provider does not answer', async () => {
    const verdict = await verify('P1_x', { verifyUrl: 'http://127.0.0.1:1/siteverify' });
    expect(verdict.passed).toBe(false);
  });
});
