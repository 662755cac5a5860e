/**
 * A snapshot's name: `semear-<UTC time to the millisecond>-m<migrations applied>.tar.gz`, e.g.
 * `semear-2026-11-30T03-50-38-123Z-m45.tar.gz`. Names sort by time; the migration count says which
 * version of Semear can open it. A file being written carries `.partial` after it, so nothing half
 * written is ever named as a backup.
 */
const NAME = /^semear-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-m(\d{1,5})\.tar\.gz$/;
export const PARTIAL_SUFFIX = '.partial';

export function backupName(at: Date, migrations: number): string {
  const time = at.toISOString().replace(/:/g, '-').replace('.', '-');
  return `semear-${time}-m${migrations}.tar.gz`;
}

export const isBackupName = (name: string): boolean => NAME.test(name);

/** A partial file a stopped backup left (the name it would have had, then `.partial`). */
export const isPartialName = (name: string): boolean =>
  name.endsWith(PARTIAL_SUFFIX) && isBackupName(name.slice(0, -PARTIAL_SUFFIX.length));

/** The newest `keep` names are kept; answers the others, oldest first. */
export function namesBeyond(names: readonly string[], keep: number): string[] {
  const sorted = names.filter(isBackupName).sort();
  return sorted.slice(0, Math.max(0, sorted.length - Math.max(1, keep)));
}
