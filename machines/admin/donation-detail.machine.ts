import type { AdminDonationDetail, AdminRefund } from '../../contracts/admin-donations';
import { createListMachine } from './list-machine';

/**
 * One donation on /admin/donations (docs/admin.md): its whole history, and the refunds asked for,
 * approved or rejected from it, in the shape of `createListMachine` with input `{ id }`:
 *
 *   loading ─► ready ──command.sent (refund)──► confirming ──confirmed──► saving ─► loading
 *      │         ▲  └──command.sent (approve, reject)───────────────────────┘  │   (the donation as
 *      │         ├── stepped back ◄── confirming                                │    the server has it)
 *      ▼         └── refused (its reason) ◄─────────────────────────────────────┘
 *   unavailable ──list.retried──► loading
 *
 * A refund is asked only once the admin confirmed it (`confirm`: the dialog says the amount, what
 * happens, and that above `approval_needed_above` it waits for a second admin). What the server
 * answered stays in `done` (done, waiting for approval, refused by the provider with its reason,
 * rejected), so the view says what happened, not only that something was sent. A refund carries its
 * Idempotency-Key from the event, so retrying the same request refunds once.
 */

export type RefundCommand = { type: 'refund'; amount: number; reason: string; key: string };
export type DonationCommand = RefundCommand | { type: 'approve'; refundId: string } | { type: 'reject'; refundId: string };

/** What a command came to: the refund as the server answered it. */
export interface CommandOutcome {
  command: DonationCommand['type'];
  refund: AdminRefund;
}

// The type arguments say what the page holds before its first load (no donation yet), which `null` alone cannot.
export const donationDetailMachine = createListMachine<
  { id: string },
  AdminDonationDetail | null,
  DonationCommand,
  AdminRefund,
  CommandOutcome
>({
  id: 'donationDetail',
  params: { id: '' },
  data: null,
  confirms: (command: DonationCommand) => command.type === 'refund',
  doneOf: (command: DonationCommand, refund: AdminRefund): CommandOutcome => ({ command: command.type, refund }),
});

export type DonationDetailMachine = typeof donationDetailMachine;
