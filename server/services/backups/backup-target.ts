/** Where snapshots go: BACKUP_DIR, or the S3 bucket's `backups/` prefix when uploads live there. */
export interface BackupTarget {
  readonly kind: 'folder' | 's3';
  /** Writes the parts under `name`; the name appears only once every byte is safely stored. Answers the bytes written. */
  write(name: string, parts: AsyncIterable<Uint8Array>): Promise<number>;
  /** The snapshots there (their names, as `write` was given them). */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
  /** Removes what a stopped backup left half-written (a `.partial` file, an unfinished upload). */
  cleanPartials(): Promise<number>;
  /** Where a name is, for the records and the log: a path, or `s3://bucket/key`. */
  locationOf(name: string): string;
}
