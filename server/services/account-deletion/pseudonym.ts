import type { DonationContactRecord } from '../../db/schema/contact-record';

/** What the admin's lists, the campaign pages and the documents show for a deleted account's gifts. */
export const REMOVED_DONOR_NAME = 'Doador removido';

/** A subscription's cancel reason when its account was deleted. */
export const ACCOUNT_DELETED = 'account_deleted';

/**
 * The deleted account's e-mail: unique (the users index), tied to nothing but the id the ledger keeps, and
 * under `.invalid` (RFC 2606), which no mail server delivers to. The real address is free to sign up again.
 */
export const pseudonymousEmail = (userId: string): string => `removido-${userId}@semear.invalid`;

/** True for an address pseudonymousEmail made: mail to it is never written. */
export const isPseudonymousEmail = (email: string): boolean => email.endsWith('@semear.invalid');

/** A donation's, order's or subscription's contact once its person is erased. */
export const anonymousContact = (email: string): DonationContactRecord => ({
  is_company: false,
  foreigner: false,
  name: REMOVED_DONOR_NAME,
  corporate_name: '',
  contact_name: '',
  email,
  cpf: '',
  cnpj: '',
  telephone: '',
});
