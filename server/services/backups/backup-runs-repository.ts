import { count, desc, eq, max } from 'drizzle-orm';
import { backupRuns } from '../../db/schema';
import type { Database, Executor } from '../../db/types';

export type BackupRunRow = typeof backupRuns.$inferSelect;

/** The `backup_runs` rows: one per snapshot, 'running' from its start, then 'succeeded' or 'failed'. */
export const backupRunsRepository = {
  async insertRunning(tx: Executor, row: Pick<BackupRunRow, 'trigger' | 'target' | 'startedAt'>): Promise<BackupRunRow> {
    const [inserted] = await tx
      .insert(backupRuns)
      .values({ ...row, status: 'running' })
      .returning();
    return inserted!;
  },

  async finish(
    db: Database,
    id: string,
    outcome: Pick<BackupRunRow, 'status' | 'location' | 'sizeBytes' | 'error' | 'finishedAt'>,
  ): Promise<BackupRunRow> {
    const [row] = await db.update(backupRuns).set(outcome).where(eq(backupRuns.id, id)).returning();
    return row!;
  },

  /** Rows still 'running' that no process writes any more (a stopped server's, or a restored copy's own). */
  async failRunning(db: Database, error: string, finishedAt: Date): Promise<number> {
    const rows = await db
      .update(backupRuns)
      .set({ status: 'failed', error, finishedAt })
      .where(eq(backupRuns.status, 'running'))
      .returning({ id: backupRuns.id });
    return rows.length;
  },

  /** When the last successful snapshot started, and the last scheduled attempt. */
  async lastStarts(db: Database): Promise<{ succeeded: Date | null; scheduled: Date | null }> {
    const [succeeded] = await db
      .select({ at: max(backupRuns.startedAt) })
      .from(backupRuns)
      .where(eq(backupRuns.status, 'succeeded'));
    const [scheduled] = await db
      .select({ at: max(backupRuns.startedAt) })
      .from(backupRuns)
      .where(eq(backupRuns.trigger, 'schedule'));
    return { succeeded: succeeded?.at ?? null, scheduled: scheduled?.at ?? null };
  },

  async page(db: Database, page: number, amount: number): Promise<{ rows: BackupRunRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(backupRuns)
        .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
        .limit(amount)
        .offset(page * amount),
      db.select({ n: count() }).from(backupRuns),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
};
