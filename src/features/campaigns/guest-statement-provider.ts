import type { GuestStatementMailed } from '../../../contracts/guest-statements';
import { useSubmission } from '../../app/forms/use-submission';
import { statementsApi } from '../../lib/api/statements';

/** "Receber o comprovante do ano" on a guest's receipt: the server mails the year's statement to the donation's address. */
export function useMailGuestStatement(donationId: string, receiptToken: string, mail = statementsApi.mailGuestStatement) {
  return useSubmission<Record<string, never>, GuestStatementMailed>({ submit: () => mail(donationId, receiptToken) });
}
