import type { AxiosInstance } from 'axios';
import {
  guestDeletionDoneSchema,
  guestDeletionRequestedSchema,
  type AccountDeletionInput,
  type GuestDeletionDone,
} from '../../../contracts/account-deletion';
import { RECEIPT_TOKEN_HEADER } from '../../../contracts/constants';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** Deleting one's account, and a guest's data from a receipt (docs/api.md; docs/privacy.md, "Deleting an account"). */
export function createAccountDeletionApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    /** DELETE /users/profile: 204; a second factor's step-up is asked by the client's gate when needed. */
    deleteAccount: (input: AccountDeletionInput): Promise<void> =>
      call(async () => {
        await http.delete('/users/profile', { data: input });
      }),
    /** From a guest's receipt: the confirmation link goes to the donation's e-mail. Answers what to tell the guest. */
    requestGuestDeletion: (donationId: string, receiptToken: string): Promise<string> =>
      call(
        async () =>
          guestDeletionRequestedSchema.parse(
            (
              await http.post(`/donations/${encodeURIComponent(donationId)}/data-deletion`, undefined, {
                headers: { [RECEIPT_TOKEN_HEADER]: receiptToken },
              })
            ).data,
          ).message,
      ),
    confirmGuestDeletion: (token: string): Promise<GuestDeletionDone> =>
      call(async () => guestDeletionDoneSchema.parse((await http.post('/data-deletions/confirmations', { token })).data)),
  };
}

export const accountDeletionApi = createAccountDeletionApi(defaultHttp);
