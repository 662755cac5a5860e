import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { AdminSystem, SystemAlert } from '../../../contracts/admin-system';
import { MIGRATIONS_FOLDER } from '../../db/open-database';
import type { Database } from '../../db/types';
import { providerCalls, providerErrors } from '../../metrics/alert-signals';
import { readQueueFigures } from '../../metrics/app-gauges';
import { rowsOf } from './rows';
import { lastBackups } from './system-checks';

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** This build's version (package.json) and the migrations it brings, read once. */
const APP_VERSION = (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string }).version;
const KNOWN_MIGRATIONS = (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
  .entries.length;

interface AlertRow {
  id: string;
  kind: SystemAlert['kind'];
  subject: string;
  details: Record<string, unknown> | string;
  raised_at: Date | string;
  last_seen_at: Date | string;
  mailed_at: Date | string | null;
}

export interface SystemOverviewDeps {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  /** The configured payment providers' names (each one's health is this node's counts). */
  providers: readonly string[];
  canBackUpNow: boolean;
}

/** When the web app this server serves was built (dist/index.html), to tell one deployment from the next. */
function webBuildAt(): string | null {
  try {
    return statSync(join(process.cwd(), 'dist', 'index.html')).mtime.toISOString();
  } catch {
    return null;
  }
}

/** What the admins' Sistema page shows (docs/admin.md, "Sistema"). */
export async function systemOverview(deps: SystemOverviewDeps, now: Date): Promise<AdminSystem> {
  const { db } = deps;
  const alerts = rowsOf<AlertRow>(
    await db.execute(sql`select id::text as id, kind, subject, details, raised_at, last_seen_at, mailed_at
      from system_alerts where resolved_at is null order by raised_at desc limit 100`),
  );
  const queues = [...(await readQueueFigures(db, now))].map(([name, figures]) => ({
    name,
    depth: Number(figures.depth),
    oldest_due_age_s:
      figures.oldestDue === null ? null : Math.max(0, Math.round((now.getTime() - new Date(figures.oldestDue).getTime()) / 1000)),
  }));
  const { last, lastSuccessAt } = await lastBackups(db);
  const [server] = rowsOf<{ version: string }>(await db.execute(sql`select current_setting('server_version') as version`));
  const [applied] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`));
  const calls = providerCalls.counts();
  const errors = providerErrors.counts();
  return {
    alerts: alerts.map((row) => ({
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
      raised_at: iso(row.raised_at)!,
      last_seen_at: iso(row.last_seen_at)!,
      mailed_at: iso(row.mailed_at),
    })),
    queues,
    backup: {
      applies: deps.databaseKind === 'pglite',
      last: last
        ? {
            status: last.status,
            started_at: iso(last.started_at)!,
            finished_at: iso(last.finished_at),
            size_bytes: last.size_bytes === null ? null : Number(last.size_bytes),
            error: last.error,
          }
        : null,
      last_success_at: iso(lastSuccessAt),
    },
    versions: {
      app: APP_VERSION,
      node: process.version,
      database: { engine: deps.databaseKind === 'pglite' ? 'pglite' : 'postgresql', version: server?.version ?? '' },
      migrations: { applied: Number(applied?.count ?? 0), known: KNOWN_MIGRATIONS },
      build: webBuildAt(),
    },
    providers: deps.providers.map((name) => {
      const lastError = providerErrors.lastAt(name);
      return {
        name,
        calls: calls.get(name) ?? 0,
        errors: errors.get(name) ?? 0,
        last_error_at: lastError === null ? null : new Date(lastError).toISOString(),
      };
    }),
    can_back_up_now: deps.canBackUpNow && deps.databaseKind === 'pglite',
  };
}
