import type { Contact } from '../../../contracts/donations';

/** Contact as the donor gave it at checkout (the contract's parsed shape; a company's contact e-mail only when given). */
export type DonationContactRecord = Omit<Contact, 'contact_email'> & { contact_email?: string };
