import type { CheckoutAddressInput, ContactInput, User } from '../../../contracts';

/** The suggested amount a checkout starts with when none was chosen (R$ 50, the campaign page's default too). */
export const PRESELECTED_AMOUNT_CENTS = 5000;

/** The signed-in donor's contact, as the checkout asks for it (docs/spec.md §3: companies register with CNPJ). */
export function contactFromUser(user: User | null): Partial<ContactInput> | undefined {
  if (!user) return undefined;
  const company = user.person_type === 'COMPANY';
  return {
    is_company: company,
    name: company ? '' : user.name,
    corporate_name: company ? user.name : '',
    email: user.email,
    cpf: user.cpf ?? '',
    cnpj: user.cnpj ?? '',
    telephone: user.phone,
  };
}

/** The registered address, when there is one to reuse; the profile keeps the country as free text. */
export function addressFromUser(user: User | null): CheckoutAddressInput | null {
  if (!user || user.address.zip_code === '') return null;
  const country = /^(br|brasil|brazil)?$/i.test(user.address.country.trim()) ? 'BR' : user.address.country.trim().slice(0, 2).toUpperCase();
  return { ...user.address, country };
}

/** What a checkout starts filled with for this user (the routes hand it to the pages of other features). */
export function checkoutPrefillOf(user: User | null): { contact?: Partial<ContactInput>; registeredAddress: CheckoutAddressInput | null } {
  return { contact: contactFromUser(user), registeredAddress: addressFromUser(user) };
}
