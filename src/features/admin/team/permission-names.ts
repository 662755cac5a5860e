import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Permission } from '../../../../contracts/permissions';

/** What each permission lets a member do, as the team page names it (docs/spec.md §6). */
export const PERMISSION_NAMES: Record<Permission, MessageDescriptor> = {
  MANAGE_FINANCES: msg`Finanças`,
  MANAGE_CAMPAIGNS: msg`Campanhas, categorias e tags`,
  MANAGE_PIX_ACCOUNTS: msg`Contas PIX`,
  MANAGE_TEAM: msg`Equipe`,
  MANAGE_USERS: msg`Usuários e doações`,
};
