import { X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { readQueueFigures } from '../../metrics/app-gauges';
import type { WindowCounter } from '../../metrics/alert-signals';
import type { ApiPixTls } from '../payments/api-pix/settings';
import type { AlertFinding } from './alert-mail';
import { rowsOf } from './rows';

const DAY_MS = 24 * 3600_000;
/** No successful backup for this long is an alert (a daily backup missed, with two hours of slack). */
export const BACKUP_STALE_MS = 26 * 3600_000;
/** A client certificate that expires within this is an alert: time to ask the bank for a new one. */
export const CERTIFICATE_WARNING_MS = 30 * DAY_MS;

const ageSeconds = (now: Date, due: Date | string | null): number | null =>
  due === null ? null : Math.max(0, Math.round((now.getTime() - new Date(due).getTime()) / 1000));

/** A queue whose oldest due item waits longer than `maxAgeMs` (its worker is stuck or far behind). */
export async function checkQueues(db: Database, now: Date, maxAgeMs: number): Promise<AlertFinding[]> {
  const findings: AlertFinding[] = [];
  for (const [queue, figures] of await readQueueFigures(db, now)) {
    const age = ageSeconds(now, figures.oldestDue);
    if (age !== null && age * 1000 > maxAgeMs)
      findings.push({ subject: queue, details: { depth: Number(figures.depth), oldest_due_age_s: age } });
  }
  return findings;
}

export interface BackupRunRow {
  status: 'running' | 'succeeded' | 'failed';
  started_at: Date | string;
  finished_at: Date | string | null;
  size_bytes: number | string | null;
  error: string | null;
}

/** The last backup run, and the moment of the last one that succeeded. */
export async function lastBackups(db: Database): Promise<{ last: BackupRunRow | null; lastSuccessAt: Date | null }> {
  const [last] = rowsOf<BackupRunRow>(
    await db.execute(sql`select status, started_at, finished_at, size_bytes, error from backup_runs order by started_at desc limit 1`),
  );
  const [success] = rowsOf<{ at: Date | string | null }>(
    await db.execute(sql`select max(coalesce(finished_at, started_at)) as at from backup_runs where status = 'succeeded'`),
  );
  return { last: last ?? null, lastSuccessAt: success?.at ? new Date(success.at) : null };
}

/**
 * The embedded database's backups (docs/deploy.md, "Backups"): the last one failed, or none succeeded for
 * 26 h. A fresh install is given 26 h from this process's start before "none yet" counts. On PostgreSQL
 * backups are the database's own: nothing to check (`applies` false).
 */
export async function checkBackups(db: Database, now: Date, applies: boolean, startedAt: Date): Promise<AlertFinding[]> {
  if (!applies) return [];
  const { last, lastSuccessAt } = await lastBackups(db);
  const lastFinished = last?.status === 'running' ? null : last;
  if (lastFinished?.status === 'failed') {
    return [
      {
        subject: 'backup',
        details: { reason: 'failed', error: lastFinished.error ?? '', last_success_at: lastSuccessAt?.toISOString() ?? null },
      },
    ];
  }
  const reference = lastSuccessAt ?? startedAt;
  if (now.getTime() - reference.getTime() <= BACKUP_STALE_MS) return [];
  return [{ subject: 'backup', details: { reason: 'stale', error: '', last_success_at: lastSuccessAt?.toISOString() ?? null } }];
}

/** The client certificate the bank issued (PEM, or the one inside a PKCS#12 file), or null when it cannot be read. */
export function clientCertificate(tls: ApiPixTls): X509Certificate | null {
  try {
    if (tls.cert) return new X509Certificate(tls.cert);
    if (tls.pfx) {
      // Node reads PKCS#12 only into a TLS context; the context hands back its certificate in DER.
      const context = createSecureContext(tls).context as { getCertificate?: () => Buffer | null };
      const der = context.getCertificate?.();
      return der ? new X509Certificate(der) : null;
    }
  } catch {
    return null;
  }
  return null;
}

/** The API Pix client certificate expiring within 30 days (or already expired). */
export function checkCertificate(tls: ApiPixTls | null, now: Date): AlertFinding[] {
  const certificate = tls ? clientCertificate(tls) : null;
  if (!certificate) return [];
  const validTo = new Date(certificate.validTo);
  const left = validTo.getTime() - now.getTime();
  if (left > CERTIFICATE_WARNING_MS) return [];
  return [{ subject: 'api-pix', details: { valid_to: validTo.toISOString(), days_left: Math.max(0, Math.floor(left / DAY_MS)) } }];
}

/** Names whose count over the last 5 minutes reached `threshold` (this node's counts: alert-signals.ts). */
export function burstsOf(
  counter: WindowCounter,
  threshold: number,
  key: string,
  extra: (name: string) => Record<string, unknown> = () => ({}),
): AlertFinding[] {
  const findings: AlertFinding[] = [];
  for (const [name, count] of counter.counts()) {
    if (count >= threshold) findings.push({ subject: name, details: { [key]: count, threshold, ...extra(name) } });
  }
  return findings;
}
