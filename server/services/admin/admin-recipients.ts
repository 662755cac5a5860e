import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../contracts/constants';
import type { Permission } from '../../../contracts/permissions';
import { permissions, roles, userPermissions, userRoles, users } from '../../db/schema';
import type { MessageDescriptor } from '../../../contracts/messages';
import type { Executor } from '../../db/types';
import type { TranslationValues, Translator } from '../../i18n/translator';
import { enqueueMail } from '../mail/mail-outbox';
import { mailMessages } from '../mail/mail-messages';

/** Every active account with the role ADMIN, with the language it reads (the system alerts go to each). */
export async function activeAdmins(db: Executor): Promise<Array<{ email: string; locale: Locale }>> {
  const rows = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.name, 'ADMIN')))
    .where(eq(users.active, true));
  return rows.map((row) => ({ email: row.email, locale: row.locale ?? 'pt' }));
}

/** The e-mail of every active admin who holds all of `needed` (who an alert about that page goes to). */
export async function adminEmails(db: Executor, needed: readonly Permission[]): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.name, 'ADMIN')))
    .innerJoin(userPermissions, eq(userPermissions.userId, users.id))
    .innerJoin(permissions, and(eq(permissions.id, userPermissions.permissionId), inArray(permissions.name, [...needed])))
    .where(eq(users.active, true))
    .groupBy(users.email)
    .having(sql`count(distinct ${permissions.name}) = ${needed.length}`);
  return rows.map((r) => r.email);
}

/** A text of an alert to the team: in Portuguese, since admins keep no language. */
export const teamText =
  (translator: Translator) =>
  (message: MessageDescriptor, values?: TranslationValues): string =>
    translator.translate('pt', message, values);

/**
 * Queues an alert for every active admin who holds all of `needed`: its paragraphs, then the signature. In the
 * caller's transaction, so it goes out once, with what it tells.
 */
export async function mailAdmins(
  tx: Executor,
  translator: Translator,
  needed: readonly Permission[],
  alert: { subject: string; paragraphs: string[] },
  now: Date,
): Promise<void> {
  const text = `${[...alert.paragraphs, teamText(translator)(mailMessages.signature)].join('\n\n')}\n`;
  for (const to of await adminEmails(tx, needed)) await enqueueMail(tx, { to, subject: alert.subject, text }, now);
}
