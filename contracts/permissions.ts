/** Roles and permissions (docs/spec.md §6). An admin route needs role ADMIN and every permission listed. */
export const ROLES = ['ADMIN', 'DONOR'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS', 'MANAGE_PIX_ACCOUNTS', 'MANAGE_TEAM', 'MANAGE_USERS'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The permissions that move money or decide who may (docs/security.md): refunds, approvals, PIX keys, webhooks
 * and finance exports need MANAGE_FINANCES, payout accounts MANAGE_PIX_ACCOUNTS, the team MANAGE_TEAM.
 * Their holders get new-device mails and, with ADMIN_SECOND_FACTOR=required, must enrol a second factor.
 */
export const MONEY_PERMISSIONS = ['MANAGE_FINANCES', 'MANAGE_PIX_ACCOUNTS', 'MANAGE_TEAM'] as const satisfies readonly Permission[];

export const holdsMoneyPermission = (permissions: readonly string[]): boolean => MONEY_PERMISSIONS.some((p) => permissions.includes(p));

export const ADMIN_ROUTE_PERMISSIONS = {
  '/admin/finances': ['MANAGE_FINANCES'],
  '/admin/pix-keys': ['MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'],
  '/admin/pix-accounts': ['MANAGE_PIX_ACCOUNTS'],
  '/admin/categories': ['MANAGE_CAMPAIGNS'],
  '/admin/tags': ['MANAGE_CAMPAIGNS'],
  '/admin/campaigns': ['MANAGE_CAMPAIGNS'],
  '/admin/campaigns/edit': ['MANAGE_CAMPAIGNS'],
  '/admin/campaigns/new': ['MANAGE_CAMPAIGNS'],
  '/admin/team': ['MANAGE_TEAM'],
  '/admin/donations': ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'],
  '/admin/webhooks': ['MANAGE_USERS', 'MANAGE_FINANCES', 'MANAGE_CAMPAIGNS'],
  '/admin/organization': ['MANAGE_TEAM'],
  '/admin/privacy': ['MANAGE_USERS'],
  // Any admin: the alerts, queues and backups are everyone's concern (docs/admin.md, "Sistema").
  '/admin/system': [],
} as const satisfies Record<string, readonly Permission[]>;
export type AdminPath = keyof typeof ADMIN_ROUTE_PERMISSIONS;

/**
 * The sets of permissions that let a member approve another admin's change (docs/admin.md, The team):
 * refunds on the donations page, PIX keys, payout accounts, and the team itself (permission changes).
 * A grant that completes one of them waits for a second admin.
 */
export const APPROVING_PERMISSION_SETS = {
  refunds: ADMIN_ROUTE_PERMISSIONS['/admin/donations'],
  pix_keys: ADMIN_ROUTE_PERMISSIONS['/admin/pix-keys'],
  payout_accounts: ADMIN_ROUTE_PERMISSIONS['/admin/pix-accounts'],
  team: ADMIN_ROUTE_PERMISSIONS['/admin/team'],
} as const satisfies Record<string, readonly Permission[]>;

/** Going from `before` to `after` lets the member approve something they could not: a second admin must agree. */
export function grantNeedsSecondAdmin(before: readonly Permission[], after: readonly Permission[]): boolean {
  const holds = (set: readonly Permission[], names: readonly Permission[]) => set.every((p) => names.includes(p));
  return Object.values(APPROVING_PERMISSION_SETS).some((set) => holds(set, after) && !holds(set, before));
}

/** Role and permission names, as the client reduces them (docs/spec.md §3). */
export interface Grants {
  roles: readonly string[];
  permissions: readonly string[];
}

export function canAccessAdminPath(grants: Grants, path: AdminPath): boolean {
  return grants.roles.includes('ADMIN') && ADMIN_ROUTE_PERMISSIONS[path].every((p) => grants.permissions.includes(p));
}

/** Roles and permissions arrive as lists of objects and are reduced to lists of names (docs/spec.md §3). */
export const grantsOf = (user: { roles: readonly { name: string }[]; permissions: readonly { name: string }[] }): Grants => ({
  roles: user.roles.map((r) => r.name),
  permissions: user.permissions.map((p) => p.name),
});
