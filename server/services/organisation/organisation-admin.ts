import { eq, sql } from 'drizzle-orm';
import type { OrganisationProfileData, OrganisationProfileValues, OrganisationPublic } from '../../../contracts/organisation';
import { organisationProfile } from '../../db/schema/privacy';
import type { Database } from '../../db/types';
import { recordAudit, type AdminActor } from '../admin/audit-log';
import { mayIssueDeductionDeclarations, readOrganisationProfile, type OrganisationProfile } from './organisation-profile';

/** The profile as GET /admin/organization answers it (docs/privacy.md, "Organização"). */
export function organisationProfileData(profile: OrganisationProfile): OrganisationProfileData {
  return {
    legal_name: profile.legalName,
    cnpj: profile.cnpj,
    address: profile.address,
    representative_name: profile.representativeName,
    representative_role: profile.representativeRole,
    deduction_title: profile.deductionTitle,
    deduction_title_number: profile.deductionTitleNumber,
    deduction_title_date: profile.deductionTitleDate,
    dpo_contact: profile.dpoContact,
    may_issue_deduction_declarations: mayIssueDeductionDeclarations(profile),
    updated_at: profile.updatedAt?.toISOString() ?? null,
  };
}

/** What the public privacy policy shows: the controller and its DPO's contact, nothing else of the record. */
export const organisationPublicData = (profile: OrganisationProfile): OrganisationPublic => ({
  legal_name: profile.legalName,
  cnpj: profile.cnpj,
  dpo_contact: profile.dpoContact,
});

/** The fields an audit entry compares (when and by whom is the entry's own). */
function audited(profile: OrganisationProfile) {
  const { updated_at: _at, may_issue_deduction_declarations: _derived, ...fields } = organisationProfileData(profile);
  return fields;
}

/**
 * Replaces the organisation's legal data, with its audit entry (before and after) in the same transaction.
 * The row is made first and then locked, so two admins saving at once are recorded one after the other, each
 * entry's `before` being what the other saved.
 */
export async function saveOrganisationProfile(
  db: Database,
  actor: AdminActor,
  values: OrganisationProfileValues,
  now: Date,
): Promise<OrganisationProfile> {
  return db.transaction(async (tx) => {
    await tx.insert(organisationProfile).values({ id: 1 }).onConflictDoNothing();
    await tx.execute(sql`select 1 from ${organisationProfile} where ${organisationProfile.id} = 1 for update`);
    const before = await readOrganisationProfile(tx);
    await tx
      .update(organisationProfile)
      .set({
        legalName: values.legal_name,
        cnpj: values.cnpj,
        address: values.address,
        representativeName: values.representative_name,
        representativeRole: values.representative_role,
        deductionTitle: values.deduction_title,
        deductionTitleNumber: values.deduction_title_number,
        deductionTitleDate: values.deduction_title_date,
        dpoContact: values.dpo_contact,
        updatedAt: now,
        updatedBy: actor.userId || null,
      })
      .where(eq(organisationProfile.id, 1));
    const after = await readOrganisationProfile(tx);
    await recordAudit(
      tx,
      actor,
      { action: 'organisation.updated', subject: { type: 'organisation', id: '1' }, before: audited(before), after: audited(after) },
      now,
    );
    return after;
  });
}
