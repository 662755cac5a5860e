import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { refundAmountIssue, type AdminDonationDetail, type AdminRefund } from '../../../contracts/admin-donations';
import { activateLocale } from '../../../src/app/i18n/catalogs';
import { RefundList } from '../../../src/features/admin/donations/RefundList';
import { refundConfirmation, refundLimitHint } from '../../../src/features/admin/donations/refund-texts';
import { renderPage } from '../features/harness';

/** Issue 47, items 9 and 10: the refund form's limits and the words around a refund. */

const detail = (over: Partial<AdminDonationDetail> = {}): AdminDonationDetail => ({
  id: 'd-1',
  created_at: '2026-11-26T15:05:00.000Z',
  confirmed_at: '2026-11-26T15:05:00.000Z',
  amount: 200_000,
  refunded: 0,
  method: 'card',
  status: 'confirmed',
  campaign: null,
  donor: { name: 'Davi Doador', email: 'doador@semear.dev', document: null },
  refundable: 50_000,
  approval_threshold: 100_000,
  approval_needed_above: 0,
  payment: null,
  gateway_events: [],
  ledger: [],
  refunds: [],
  emails: [],
  webhooks: [],
  ...over,
});

describe('the refund form (item 9)', () => {
  it('refuses nothing, a fraction of a cent and more than is left before any confirmation', () => {
    expect(refundAmountIssue(null, 3000)?.message).toBe('Informe um valor a partir de R$ 0,01');
    expect(refundAmountIssue(0, 3000)?.message).toBe('Informe um valor a partir de R$ 0,01');
    expect(refundAmountIssue(6000, 3000)?.message).toBe('O valor passa do que ainda pode ser reembolsado desta doação.');
    expect(refundAmountIssue(3000, 3000)).toBeNull();
    expect(refundAmountIssue(1, 3000)).toBeNull();
  });
});

describe('the words around a refund (item 10)', () => {
  it('after refunds past the threshold (R$ 1.500,00 asked), the limit is reached, not "already at R$ 1.000,00"', async () => {
    await activateLocale('pt');
    const hint = refundLimitHint(detail(), i18n);
    expect(hint).toBe(
      'Até R$ 500,00. Os reembolsos desta doação já atingiram o limite de R$ 1.000,00: qualquer outro precisa da aprovação de outra pessoa da equipe.',
    );
  });

  it('a refund that waits for approval says where the money goes once approved, in one sentence', async () => {
    await activateLocale('pt');
    const ask = refundConfirmation(
      { type: 'refund', amount: 150_000, reason: 'Duplicada', key: 'k' },
      detail({ approval_needed_above: 100_000, refundable: 200_000 }),
      i18n,
    );
    expect(ask.description).toContain(
      'Até lá nada é devolvido e o valor fica reservado. O valor volta ao cartão do doador quando for aprovado, e sai do total arrecadado; o doador recebe um e-mail.',
    );
    expect(ask.description).not.toMatch(/Aprovado, O/);
  });

  const mine: AdminRefund = {
    id: 'r-1',
    amount: 3000,
    reason: 'Pedido do doador',
    status: 'succeeded',
    failure_reason: null,
    requested_by: 'Ana Administradora',
    requester_joined: null,
    requested_by_me: true,
    decided_by: null,
    decider_joined: null,
    can_decide: false,
    created_at: '2026-11-26T15:05:00.000Z',
    completed_at: '2026-11-26T15:05:00.000Z',
  };

  it.each([
    ['pt', /pedido por você em/],
    ['en', /asked by you on/],
    ['es', /pedido por ti el/],
  ] as const)('a refund one asked for oneself says so in %s', async (locale, said) => {
    await renderPage(() => <RefundList refunds={[mine]} busy={false} onDecide={() => {}} />, { path: '/admin/donations', locale });
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toMatch(said);
    expect(item.textContent).not.toMatch(/por tú/);
  });
});
