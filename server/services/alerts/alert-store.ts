import { sql } from 'drizzle-orm';
import type { SystemAlertKind } from '../../../contracts/admin-system';
import { rowsOf } from './rows';
import type { Database } from '../../db/types';
import type { Translator } from '../../i18n/translator';
import { mailAlert, type AlertFinding } from './alert-mail';

export interface AlertStoreDeps {
  db: Database;
  translator: Translator;
  publicUrl: string;
}

/**
 * Brings the open alerts of `kind` in line with what a check found now (docs/deploy.md, "Alerts"):
 *
 * - a finding with no open alert is a NEW alert: inserted and mailed to every admin in one transaction. The
 *   partial unique index (kind, subject where not resolved) with ON CONFLICT DO NOTHING decides between two
 *   evaluators at once: only the insert that wins answers a row, so only it mails;
 * - a finding with an open alert refreshes its figures and last_seen_at, mailing nothing;
 * - an open alert no longer found is resolved, once it has not been seen for `quietMs` (0 for the checks that
 *   read the database; 5 minutes for the counts each node keeps, so one node without the errors does not
 *   resolve what another still sees: every node that sees it keeps last_seen_at fresh).
 *
 * Resolves with the subjects newly raised.
 */
export async function reconcileAlerts(
  deps: AlertStoreDeps,
  kind: SystemAlertKind,
  findings: readonly AlertFinding[],
  now: Date,
  options: { quietMs?: number; resolveMissing?: boolean } = {},
): Promise<string[]> {
  const raised: string[] = [];
  for (const finding of findings) {
    const details = JSON.stringify(finding.details);
    const isNew = await deps.db.transaction(async (tx) => {
      const inserted = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into system_alerts (kind, subject, details, raised_at, last_seen_at)
          values (${kind}, ${finding.subject}, ${details}::jsonb, ${now}, ${now})
          on conflict (kind, subject) where resolved_at is null do nothing
          returning id`),
      );
      const id = inserted[0]?.id;
      if (!id) {
        await tx.execute(sql`update system_alerts set details = ${details}::jsonb, last_seen_at = greatest(last_seen_at, ${now})
          where kind = ${kind} and subject = ${finding.subject} and resolved_at is null`);
        return false;
      }
      await mailAlert(tx, deps, kind, finding, now);
      await tx.execute(sql`update system_alerts set mailed_at = ${now} where id = ${id}`);
      return true;
    });
    if (isNew) raised.push(finding.subject);
  }
  if (options.resolveMissing === false) return raised;
  const seen = findings.map((finding) => finding.subject);
  const quietSince = new Date(now.getTime() - (options.quietMs ?? 0));
  await deps.db.execute(sql`update system_alerts set resolved_at = ${now}
    where kind = ${kind} and resolved_at is null and last_seen_at <= ${quietSince}
      ${
        seen.length > 0
          ? sql`and subject not in (${sql.join(
              seen.map((subject) => sql`${subject}`),
              sql`, `,
            )})`
          : sql``
      }`);
  return raised;
}

/** The open alert of `kind` about `subject`, if any (its details, to look again at what it named). */
export async function openAlert(
  db: Database,
  kind: SystemAlertKind,
  subject: string,
): Promise<{ details: Record<string, unknown> } | null> {
  const rows = rowsOf<{ details: Record<string, unknown> }>(
    await db.execute(sql`select details from system_alerts where kind = ${kind} and subject = ${subject} and resolved_at is null`),
  );
  return rows[0] ?? null;
}
