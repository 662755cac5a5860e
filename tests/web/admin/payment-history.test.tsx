import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { AdminDonationDetail } from '../../../contracts/admin-donations';
import { PAYMENT_PROVIDER_NAMES } from '../../../contracts/payments';
import { activateLocale } from '../../../src/app/i18n/catalogs';
import { gatewayName } from '../../../src/features/admin/donations/donation-words';
import { PaymentHistory } from '../../../src/features/admin/donations/PaymentHistory';
import { renderPage } from '../features/harness';

/**
 * Issue 25: a donation paid through Mercado Pago and charged back reads, in its history, the provider's fee
 * and the chargeback in words, account by account, in each language.
 */

const at = '2026-11-26T15:05:00.000Z';
const campaignLine = (amount: number) => ({ account: 'campaign:c-1', kind: 'campaign' as const, name: 'Cozinha Solidária', amount });
const clearingLine = (amount: number) => ({
  account: 'gateway_clearing:mercadopago',
  kind: 'gateway_clearing' as const,
  name: 'mercadopago',
  amount,
});

const detail: AdminDonationDetail = {
  id: 'd-1',
  created_at: at,
  confirmed_at: at,
  amount: 2000,
  refunded: 0,
  method: 'pix',
  status: 'refunded',
  campaign: { slug: 'cozinha', title: 'Cozinha Solidária' },
  donor: { name: 'Maria da Silva', email: 'maria@exemplo.com.br', document: null },
  refundable: 0,
  approval_threshold: 100_000,
  approval_needed_above: 100_000,
  payment: { gateway: 'mercadopago', status: 'refunded', gateway_ref: '1234567', card: null, attempts: 1, created_at: at },
  gateway_events: [],
  ledger: [
    { reference: 'donation:d-1', kind: 'donation', at, lines: [clearingLine(-2000), campaignLine(2000)] },
    {
      reference: 'fee:p-1',
      kind: 'provider_fee',
      at,
      lines: [campaignLine(-20), { account: 'platform_fees', kind: 'platform_fees', name: null, amount: 20 }],
    },
    { reference: 'chargeback:d-1', kind: 'chargeback', at, lines: [campaignLine(-2000), clearingLine(2000)] },
  ],
  refunds: [],
  emails: [],
  webhooks: [],
};

describe("a Mercado Pago donation's history", () => {
  it.each([
    [
      'pt',
      'Histórico do pagamento',
      'Taxa do meio de pagamento',
      'Campanha Cozinha Solidária −R$ 0,20 · Taxas da plataforma +R$ 0,20',
      'Contestação (chargeback)',
      'Campanha Cozinha Solidária −R$ 20,00 · Meio de pagamento: Mercado Pago +R$ 20,00',
    ],
    [
      'en',
      'Payment history',
      'Payment provider fee',
      'Campaign Cozinha Solidária −R$ 0,20 · Platform fees +R$ 0,20',
      'Chargeback (dispute)',
      'Mercado Pago +R$ 20,00',
    ],
    [
      'es',
      'Historial del pago',
      'Comisión del medio de pago',
      'Cozinha Solidária −R$ 0,20',
      'Contracargo (chargeback)',
      'Mercado Pago +R$ 20,00',
    ],
  ] as const)(
    'names the fee and the chargeback in words (%s)',
    async (locale, listName, feeName, feeLines, chargebackName, chargebackLines) => {
      await renderPage(() => <PaymentHistory detail={detail} />, { path: '/admin/donations', locale });
      const items = (await screen.findByRole('list', { name: listName })).querySelectorAll('li');
      const texts = [...items].map((item) => item.textContent ?? '');
      const fee = texts.find((text) => text.startsWith(`${feeName} ·`));
      expect(fee).toContain(feeLines);
      const chargeback = texts.find((text) => text.startsWith(`${chargebackName} ·`));
      expect(chargeback).toContain(chargebackLines);
      expect(texts.join('\n')).not.toMatch(/provider_fee|chargeback:|platform_fees/);
    },
  );
});

describe('every payment provider has a name people read', () => {
  it.each(['pt', 'en', 'es'] as const)('%s: no provider is shown by its code', async (locale) => {
    await activateLocale(locale);
    const names = PAYMENT_PROVIDER_NAMES.map((code) => gatewayName(code, (descriptor) => i18n._(descriptor)));
    expect(names.filter((name, index) => name === PAYMENT_PROVIDER_NAMES[index])).toEqual([]);
    expect(new Set(names).size).toBe(PAYMENT_PROVIDER_NAMES.length);
  });
});
