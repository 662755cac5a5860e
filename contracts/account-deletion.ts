import { z } from 'zod';
import { PASSWORD_MAX } from './constants';
import { messages as m } from './messages';
import { plainText } from './plain-text';

/**
 * Deleting an account (LGPD art. 18, VI; docs/privacy.md, "Deleting an account"). DELETE /users/profile:
 * the account's own password again (and, with a second factor, the step-up every money action asks).
 */
export const accountDeletionSchema = z.object({
  password: z
    .string({ error: m.passwordRequired.id })
    .min(1, { error: m.passwordRequired.id })
    .max(PASSWORD_MAX, { error: m.passwordTooLong.id }),
});
export type AccountDeletionInput = z.input<typeof accountDeletionSchema>;

/** POST /data-deletions/confirmations: the token of the link a guest's request mailed. */
export const guestDeletionConfirmationSchema = z.object({
  token: plainText({ error: m.tokenRequired.id }).min(1, { error: m.tokenRequired.id }).max(512, { error: m.tokenRequired.id }),
});

/** What POST /receipts/{token}/data-deletion answers (202): the mail went to the donation's address. */
export const guestDeletionRequestedSchema = z.object({ message: z.string() });

/** What a guest's confirmed deletion answers: how many of that e-mail's guest gifts were anonymised. */
export const guestDeletionDoneSchema = z.object({ donations: z.number().int(), gift_card_orders: z.number().int() });
export type GuestDeletionDone = z.infer<typeof guestDeletionDoneSchema>;

/** How long a guest's confirmation link works. */
export const GUEST_DELETION_LINK_HOURS = 24;
