import type { OrganisationProfileData, OrganisationProfileInput } from '../../../../contracts/organisation';
import { maskCnpj, maskZipCode } from '../../../app/forms/masks';

/** The form's starting values: what is on record, masked as the fields show it (a new record starts in Brazil). */
export function organisationDefaults(profile: OrganisationProfileData): OrganisationProfileInput {
  return {
    legal_name: profile.legal_name,
    cnpj: maskCnpj(profile.cnpj),
    address: { ...profile.address, country: profile.address.country || 'Brasil', zip_code: maskZipCode(profile.address.zip_code) },
    representative_name: profile.representative_name,
    representative_role: profile.representative_role,
    deduction_title: profile.deduction_title,
    deduction_title_number: profile.deduction_title_number,
    deduction_title_date: profile.deduction_title_date,
    dpo_contact: profile.dpo_contact,
  };
}
