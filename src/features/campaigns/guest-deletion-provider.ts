import type { GuestDeletionDone } from '../../../contracts/account-deletion';
import { useSubmission } from '../../app/forms/use-submission';
import { accountDeletionApi } from '../../lib/api/account-deletion';

/** "Excluir meus dados" on a guest's receipt: the server mails the confirmation link to the donation's address. */
export function useRequestGuestDeletion(donationId: string, receiptToken: string, request = accountDeletionApi.requestGuestDeletion) {
  return useSubmission<Record<string, never>, string>({ submit: () => request(donationId, receiptToken) });
}

/** The mailed link's page: POST /data-deletions/confirmations once. */
export function useConfirmGuestDeletion(confirm = accountDeletionApi.confirmGuestDeletion) {
  return useSubmission<{ token: string }, GuestDeletionDone>({ submit: ({ token }) => confirm(token) });
}
