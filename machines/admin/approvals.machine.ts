import { createListMachine, type ListEvent } from './list-machine';

/**
 * A list of changes that need a second admin (/admin/pix-keys, /admin/pix-accounts; docs/admin.md):
 * one asks, another approves or rejects. `done` says which command went through, so the page says what
 * it did (asked and waiting; approved and in use; rejected). The shape (loading, ready, saving, a refusal
 * with its reason, `list.retried`) is `createListMachine`'s; the items are the page's (a key, an account).
 */

export interface ChangeItem {
  id: string;
  status: 'pending_approval' | 'active' | 'inactive' | 'rejected';
  /** The signed-in admin may approve or reject it (the server says so): the page offers the buttons only then. */
  can_decide: boolean;
  requested_by_me: boolean;
}

export type ApprovalCommand =
  { type: 'request'; input: Record<string, unknown> } | { type: 'approve'; id: string } | { type: 'reject'; id: string };

/** The machine for a page's own items (a key, an account), so the page reads them as what they are. */
export function createApprovalsMachine<Item extends ChangeItem>() {
  const noChanges: Item[] = [];
  return createListMachine({
    id: 'approvals',
    params: {},
    data: noChanges,
    doneOf: (command: ApprovalCommand, _outcome: unknown) => command.type,
  });
}

export const approvalsMachine = createApprovalsMachine<ChangeItem>();

export type ApprovalsMachine = typeof approvalsMachine;
export type ApprovalsEvent = ListEvent<object, ApprovalCommand>;
