import { z } from 'zod';
import { decisionPeopleFields } from './team-entry';
import { messages as m } from './messages';
import { PERMISSIONS } from './permissions';
import { plainText } from './plain-text';

/**
 * The team (/admin/team; docs/admin.md): admins and what each may do, invitations by e-mail. Every
 * member has the ADMIN role and their own permissions; a change counts from their next request.
 */

export const INVITATION_VALID_DAYS = 7;

const permissionList = z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length);

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Who invited them and when they joined (null for a member who came without an invitation: the seed). */
  invited_by: z.string().nullable(),
  joined_at: z.string().nullable(),
  /** They have an authenticator app or a passkey (docs/security.md). */
  second_factor: z.boolean(),
  /**
   * ADMIN_SECOND_FACTOR=required, they hold a money permission and have no second factor: they can read the
   * admin but change nothing until they enrol one (the team page says so).
   */
  must_enrol_second_factor: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/**
 * A change of a member's permissions that lets them approve something (contracts/permissions.ts,
 * grantNeedsSecondAdmin): asked for by one admin, or by an invitation's inviter when it is accepted,
 * and in force only once another admin approves it.
 */
export const teamPermissionChangeSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  before: z.array(z.enum(PERMISSIONS)),
  permissions: z.array(z.enum(PERMISSIONS)),
  ...decisionPeopleFields,
  /** The signed-in admin may approve or reject it now: the server decides, by the rule that guards the decision. */
  can_decide: z.boolean(),
  created_at: z.string(),
});
export type TeamPermissionChange = z.infer<typeof teamPermissionChangeSchema>;

/** GET /admin/team: the members, the invitations still open and the permission changes waiting for a second admin. */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
  changes: z.array(teamPermissionChangeSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** POST /admin/team/invitations. */
export const teamInviteSchema = z.object({
  email: plainText({ error: m.emailRequired.id })
    .trim()
    .min(1, { error: m.emailRequired.id })
    .max(254, { error: m.fieldTooLong.id })
    .pipe(z.email({ error: m.emailInvalid.id }))
    .transform((email) => email.toLowerCase()),
  permissions: permissionList,
});
export type TeamInviteInput = z.input<typeof teamInviteSchema>;

/** PATCH /admin/team/members/{id}: the member's whole set of permissions. */
export const memberPermissionsSchema = z.object({ permissions: permissionList });

/**
 * PATCH /admin/team/members/{id} and POST /team-invitations/accept when the grant waits for a second admin (202).
 * `must_enrol_second_factor` (PATCH only): once in force, the member must enrol a second factor before acting.
 */
export const permissionChangeWaitingSchema = z.object({ change: z.string(), must_enrol_second_factor: z.boolean().optional() });

/**
 * PATCH /admin/team/members/{id} in force at once (200 instead of 204): the member was given a money
 * permission, has no second factor and ADMIN_SECOND_FACTOR=required, so they must enrol one before acting.
 */
export const permissionsGrantedSchema = z.object({ must_enrol_second_factor: z.literal(true) });

/** POST /admin/team/invitations (201): `must_enrol_second_factor` as for a member, when the invited permissions move money. */
export const invitationCreatedSchema = z.object({ id: z.string(), must_enrol_second_factor: z.boolean() });

/** GET /team-invitations/{token}: what the invitation's page shows before it is accepted. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /team-invitations/accept. */
export const invitationAcceptSchema = z.object({ token: z.string().min(20).max(200) });
