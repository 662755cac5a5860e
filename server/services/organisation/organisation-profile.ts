import { eq } from 'drizzle-orm';
import { emptyAddress, type Address } from '../../../contracts/user';
import { organisationProfile } from '../../db/schema/privacy';
import type { Executor } from '../../db/types';

export type DeductionTitle = 'none' | 'oscip' | 'public_utility';

/**
 * The NGO's legal data as documents print it (docs/privacy.md, "Organização"). `cnpj` is 14 characters
 * without punctuation (letters possible: the alphanumeric CNPJ); empty strings where nothing was filled yet.
 */
export interface OrganisationProfile {
  legalName: string;
  cnpj: string;
  address: Address;
  representativeName: string;
  representativeRole: string;
  deductionTitle: DeductionTitle;
  /** Both set when `deductionTitle` is not 'none' (the admin form requires them); date as YYYY-MM-DD. */
  deductionTitleNumber: string;
  deductionTitleDate: string | null;
  dpoContact: string;
  /** Null while the row was never saved. */
  updatedAt: Date | null;
  updatedBy: string | null;
}

export const EMPTY_ORGANISATION_PROFILE: OrganisationProfile = {
  legalName: '',
  cnpj: '',
  address: emptyAddress,
  representativeName: '',
  representativeRole: '',
  deductionTitle: 'none',
  deductionTitleNumber: '',
  deductionTitleDate: null,
  dpoContact: '',
  updatedAt: null,
  updatedBy: null,
};

/** The organisation's profile, or the empty one while the admin never saved it (the row is absent). */
export async function readOrganisationProfile(executor: Executor): Promise<OrganisationProfile> {
  const [row] = await executor.select().from(organisationProfile).where(eq(organisationProfile.id, 1)).limit(1);
  if (!row) return { ...EMPTY_ORGANISATION_PROFILE, address: { ...emptyAddress } };
  return {
    legalName: row.legalName,
    cnpj: row.cnpj,
    // Stored as the form sent it; keys missing from an older row read as empty.
    address: { ...emptyAddress, ...(row.address as Partial<Address>) },
    representativeName: row.representativeName,
    representativeRole: row.representativeRole,
    deductionTitle: row.deductionTitle,
    deductionTitleNumber: row.deductionTitleNumber,
    deductionTitleDate: row.deductionTitleDate,
    dpoContact: row.dpoContact,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/**
 * Whether the NGO may issue the company deduction declaration (Lei 9.249/1995 art. 13 §2º III): only an OSCIP or
 * a holder of the federal public-utility title, with the title's number and date on record, and with the legal
 * name, CNPJ and a representative to sign it — a declaration missing any of them would not serve the company.
 */
export function mayIssueDeductionDeclarations(profile: OrganisationProfile): boolean {
  return (
    profile.deductionTitle !== 'none' &&
    profile.deductionTitleNumber.trim() !== '' &&
    profile.deductionTitleDate !== null &&
    profile.legalName.trim() !== '' &&
    profile.cnpj !== '' &&
    profile.representativeName.trim() !== ''
  );
}
