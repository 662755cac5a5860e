import { eq } from 'drizzle-orm';
import { donations, giftCardOrders, users, type DonationContactRecord } from '../../db/schema';
import type { Database } from '../../db/types';
import type { Payer } from './gateway';

/** The payer as the checkout took them: a company pays under its CNPJ and corporate name, a person under their CPF. */
export function payerOfContact(contact: DonationContactRecord): Payer {
  const document = contact.cnpj
    ? { type: 'CNPJ' as const, number: contact.cnpj }
    : contact.cpf
      ? { type: 'CPF' as const, number: contact.cpf }
      : null;
  // A company's `name` is its corporate name and `email` its own address (contracts/donations.ts).
  return { email: contact.email, name: contact.name, document };
}

/** The payer of a purchase (a donation or a gift-card order), from the contact kept with it. */
export async function payerOfPurchase(
  db: Database,
  purchase: { donationId: string | null; giftCardOrderId: string | null },
): Promise<Payer | null> {
  const [row] = purchase.donationId
    ? await db.select({ contact: donations.contact }).from(donations).where(eq(donations.id, purchase.donationId))
    : purchase.giftCardOrderId
      ? await db.select({ contact: giftCardOrders.contact }).from(giftCardOrders).where(eq(giftCardOrders.id, purchase.giftCardOrderId))
      : [];
  return row ? payerOfContact(row.contact) : null;
}

/** A signed-in donor paying with no checkout at hand (a monthly charge): their account's name, e-mail and CPF. */
export async function payerOfUser(db: Database, userId: string): Promise<Payer | null> {
  const [user] = await db.select({ name: users.name, email: users.email, cpf: users.cpf }).from(users).where(eq(users.id, userId));
  return user ? { email: user.email, name: user.name, document: user.cpf ? { type: 'CPF', number: user.cpf } : null } : null;
}
