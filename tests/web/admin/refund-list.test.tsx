import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminRefund } from '../../../contracts/admin-donations';
import { RefundList } from '../../../src/features/admin/donations/RefundList';
import { renderPage } from '../features/harness';

/** Issue 23, item 4: the approval screen says who invited the one who approved, and when. */

const refund = (overrides: Partial<AdminRefund>): AdminRefund => ({
  id: 'r-1',
  amount: 300_000,
  reason: 'Pedido da doadora',
  status: 'succeeded',
  failure_reason: null,
  requested_by: 'Lúcia Alves',
  requester_joined: null,
  requested_by_me: false,
  decided_by: 'Lúcia Alves',
  decider_joined: { invited_by: 'Lúcia Alves', joined_at: '2026-11-26T15:00:00.000Z' },
  can_decide: false,
  created_at: '2026-11-26T15:05:00.000Z',
  completed_at: '2026-11-26T15:06:00.000Z',
  ...overrides,
});

describe('a refund approved by someone invited into the team', () => {
  it('names who invited the approver and the day they joined; nothing for one who came without an invitation', async () => {
    await renderPage(() => <RefundList refunds={[refund({})]} busy={false} onDecide={vi.fn()} />, { path: '/admin/doacoes' });
    const row = await screen.findByRole('listitem', { name: 'Reembolso de R$ 3.000,00: feito' });
    expect(row).toHaveTextContent('decidido por Lúcia Alves (entrou pelo convite de Lúcia Alves em 26/11/2026)');
    expect(row).not.toHaveTextContent(/pedido por Lúcia Alves em [^·]*\(entrou/);
  });
});
