import { z } from 'zod';

/**
 * A guest's statement (docs/privacy.md, "Statement delivery"): POST /donations/{id}/statement-mail with the
 * donation's receipt token mails the year's statement of every guest donation under that donation's e-mail to
 * that address, with a link to its PDF (GET /statements/guest/{token}, valid GUEST_STATEMENT_LINK_DAYS).
 * A receipt token only proves who made one donation, not who owns the e-mail it names: the mailbox decides.
 */
export const GUEST_STATEMENT_LINK_DAYS = 30;

/** The 202's answer: the year whose statement was mailed. */
export const guestStatementMailedSchema = z.object({ year: z.number().int() });
export type GuestStatementMailed = z.infer<typeof guestStatementMailedSchema>;
